import { render } from 'preact';
import { PopupApp } from '../../components/popup/PopupApp.tsx';
import './style.css';

render(<PopupApp />, document.getElementById('app')!);
