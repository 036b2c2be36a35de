import { render } from 'preact';
import { DocumentsApp } from '../../components/documents/DocumentsApp.tsx';
import './style.css';

render(<DocumentsApp />, document.getElementById('app')!);
