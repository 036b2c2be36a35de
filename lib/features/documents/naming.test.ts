import { describe, expect, it } from 'vitest';
import { resultFileName, safeDownloadName } from './naming.ts';

describe('translated file names', () => {
  it('prefers the name the service gave', () => {
    expect(resultFileName({ fileName: 'report.docx', targetLang: 'de' }, 'report.de.docx')).toBe('report.de.docx');
  });

  it('builds stem.target.ext when the service gave none', () => {
    expect(resultFileName({ fileName: 'report.docx', targetLang: 'DE' })).toBe('report.de.docx');
    expect(resultFileName({ fileName: 'notes.txt', targetLang: 'en-GB' })).toBe('notes.en-gb.txt');
    expect(resultFileName({ fileName: 'old.doc', targetLang: 'fr' })).toBe('old.fr.docx');
    expect(resultFileName({ fileName: 'scan.pdf', targetLang: 'fr', outputFormat: 'docx' })).toBe('scan.fr.docx');
    expect(resultFileName({ fileName: 'README', targetLang: 'de' })).toBe('README.de');
  });

  it('never lets a name reach outside the downloads folder or hide itself', () => {
    expect(resultFileName({ fileName: 'x.txt', targetLang: 'de' }, '../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeDownloadName('..\\secret.txt')).toBe('_secret.txt');
    expect(safeDownloadName('a:b*c?.txt')).toBe('a_b_c_.txt');
    expect(safeDownloadName('trailing. . ')).toBe('trailing');
    expect(safeDownloadName('\u0000\u0007')).toBe('__');
    expect(safeDownloadName('...')).toBe('document');
  });

  it('shortens very long names but keeps the extension', () => {
    const name = safeDownloadName(`${'a'.repeat(400)}.docx`);
    expect(name.length).toBe(180);
    expect(name.endsWith('.docx')).toBe(true);
  });
});
