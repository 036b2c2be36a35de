import { render } from 'preact';
import { SidePanelApp } from '../../components/sidepanel/SidePanelApp.tsx';
import './style.css';

render(<SidePanelApp />, document.getElementById('app')!);
