import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ATTRIBUTE,
  checkDocumentFile,
  extensionOf,
  MAX_DOCUMENT_BYTES,
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
    expect(checkDocumentFile({ name: 'movie.mp4', size: 10 })).toEqual({ kind: 'unsupported', ext: 'mp4' });
    expect(checkDocumentFile({ name: 'README', size: 10 })).toEqual({ kind: 'unsupported', ext: '' });
    expect(checkDocumentFile({ name: '.txt', size: 10 })).toEqual({ kind: 'unsupported', ext: '' });
    expect(checkDocumentFile({ name: 'a.txt', size: 0 })).toEqual({ kind: 'empty' });
    expect(checkDocumentFile({ name: 'a.txt', size: MAX_DOCUMENT_BYTES })).toBeUndefined();
    expect(checkDocumentFile({ name: 'a.txt', size: MAX_DOCUMENT_BYTES + 1 })).toEqual({
      kind: 'too_large',
      size: MAX_DOCUMENT_BYTES + 1,
      max: MAX_DOCUMENT_BYTES,
    });
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
