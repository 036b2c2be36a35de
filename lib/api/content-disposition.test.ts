import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition.ts';

describe('filenameFromContentDisposition', () => {
  it('reads quoted, bare and extended names', () => {
    expect(filenameFromContentDisposition('attachment; filename="report.de.docx"')).toBe('report.de.docx');
    expect(filenameFromContentDisposition('attachment; filename=notes.txt')).toBe('notes.txt');
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''%C3%BCber%20uns.txt")).toBe('über uns.txt');
    expect(filenameFromContentDisposition('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
  });

  it('prefers filename* over filename', () => {
    const header = 'attachment; filename="fallback.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.txt';
    expect(filenameFromContentDisposition(header)).toBe('résumé.txt');
  });

  it('drops path parts and gives undefined when no name is given', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment')).toBeUndefined();
    expect(filenameFromContentDisposition(null)).toBeUndefined();
  });
});
