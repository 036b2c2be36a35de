import { render } from 'preact';
import { browser } from 'wxt/browser';
import { ReaderApp } from '../../components/pdf/ReaderApp.tsx';
import 'pdfjs-dist/web/pdf_viewer.css';
import './style.css';

// pdf.js's worker, packaged by scripts/build/pdf-worker.ts (a public file, not in WXT's typed paths).
const workerSrc = (browser.runtime.getURL as (path: string) => string)('/pdf.worker.js');
render(<ReaderApp workerSrc={workerSrc} />, document.getElementById('app')!);
