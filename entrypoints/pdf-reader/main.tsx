import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { render } from 'preact';
import { ReaderApp } from '../../components/pdf/ReaderApp.tsx';
import 'pdfjs-dist/web/pdf_viewer.css';
import './style.css';

render(<ReaderApp workerSrc={workerSrc} />, document.getElementById('app')!);
