import { render } from 'preact';
import { OptionsApp } from '../../components/options/OptionsApp.tsx';
import './style.css';

render(<OptionsApp />, document.getElementById('app')!);
