import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ATTRIBUTE,
  ACCEPTED_TYPES_TEXT,
  checkDocumentFile,
  extensionOf,
  isLoopbackServer,
  MAX_DOCUMENT_BYTES,
  NOT_TRANSLATED_BY_LOCAL_SERVICE,
  outputFormatsFor,
  resultExtension,
} from './file-types.ts';

describe('document file checks', () => {
  it('accepts every type the contract lists, whatever the case of the extension', () => {
    for (const name of [
      'a.docx',
      'b.DOC',
      'c.pptx',
      'd.xlsx',
      'e.pdf',
      'f.htm',
      'g.HTML',
      'h.txt',
      'i.xlf',
      'j.xliff',
      'k.srt',
      'l.jpeg',
      'm.jpg',
      'n.png',
    ]) {
      expect(checkDocumentFile({ name, size: 10 }), name).toBeUndefined();
    }
  });

  it('refuses other types, files without extension, empty and oversize files, saying which', () => {
    expect(checkDocumentFile({ name: 'movie.mp4', size: 10 })).toEqual({
      kind: 'unsupported',
      name: 'movie.mp4',
      ext: 'mp4',
    });
    expect(checkDocumentFile({ name: 'README', size: 10 })).toEqual({ kind: 'unsupported', name: 'README', ext: '' });
    expect(checkDocumentFile({ name: '.txt', size: 10 })).toEqual({ kind: 'unsupported', name: '.txt', ext: '' });
    expect(checkDocumentFile({ name: 'report.pdf.exe', size: 10 })).toMatchObject({ kind: 'unsupported', ext: 'exe' });
    expect(checkDocumentFile({ name: 'a.txt', size: 0 })).toEqual({ kind: 'empty' });
    expect(checkDocumentFile({ name: 'a.txt', size: MAX_DOCUMENT_BYTES })).toBeUndefined();
    expect(checkDocumentFile({ name: 'a.txt', size: MAX_DOCUMENT_BYTES + 1 })).toEqual({
      kind: 'too_large',
      size: MAX_DOCUMENT_BYTES + 1,
      max: MAX_DOCUMENT_BYTES,
    });
  });

  it('takes real file names: spaces, unicode, double and upper-case extensions', () => {
    for (const [name, ext] of [
      ['report.final.PDF', 'pdf'],
      ['Quartalsbericht Übersicht 2026.DOCX', 'docx'],
      ['売上 まとめ.xlsx', 'xlsx'],
      ['slides (copy).v2.Pptx', 'pptx'],
      ['été – notes.TXT', 'txt'],
    ] as const) {
      expect(extensionOf(name), name).toBe(ext);
      expect(checkDocumentFile({ name, size: 10 }), name).toBeUndefined();
    }
  });

  it('names the accepted types as the page lists them, and what the local service leaves to the real one', () => {
    expect(ACCEPTED_TYPES_TEXT).toBe('docx, doc, pptx, xlsx, pdf, htm, html, txt, xlf, xliff, srt, jpeg, jpg, png');
    for (const ext of NOT_TRANSLATED_BY_LOCAL_SERVICE) expect(ACCEPT_ATTRIBUTE.split(',')).toContain(`.${ext}`);
  });

  it('tells a server address on this computer from any other', () => {
    for (const url of ['http://127.0.0.1:8787', 'http://localhost:3000/', 'http://[::1]:8787', 'http://127.1.2.3'])
      expect(isLoopbackServer(url), url).toBe(true);
    for (const url of ['', 'https://api.example.com', 'http://127.0.0.1.example.com', 'http://10.0.0.2', 'not a url'])
      expect(isLoopbackServer(url), url).toBe(false);
  });

  it('takes the last extension only', () => {
    expect(extensionOf('archive.tar.TXT')).toBe('txt');
    expect(extensionOf('no-dot')).toBe('');
  });

  it('offers the one conversion the contract names, PDF to DOCX, and nothing it does not', () => {
    expect(outputFormatsFor('pdf')).toEqual(['docx']);
    expect(outputFormatsFor('html')).toEqual([]);
    expect(outputFormatsFor('docx')).toEqual([]);
  });

  it('names the result extension: the chosen output format, doc as docx, else the input', () => {
    expect(resultExtension('pdf', 'docx')).toBe('docx');
    expect(resultExtension('doc')).toBe('docx');
    expect(resultExtension('srt')).toBe('srt');
  });

  it('lists every extension for the file picker', () => {
    expect(ACCEPT_ATTRIBUTE.split(',')).toContain('.xliff');
    expect(ACCEPT_ATTRIBUTE.split(',').every((e) => e.startsWith('.'))).toBe(true);
  });
});
