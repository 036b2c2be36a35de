import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fallbackFileName, isSafeDownloadName, resultFileName, safeDownloadName } from './naming.ts';

const job = (fileName: string, targetLang = 'de', outputFormat?: string) => ({
  fileName,
  targetLang,
  ...(outputFormat ? { outputFormat } : {}),
});

describe('translated file names', () => {
  it("uses the service's name when it has the requested format's extension", () => {
    expect(resultFileName(job('report.docx'), 'report.de.docx')).toBe('report.de.docx');
    expect(resultFileName(job('scan.pdf', 'fr', 'docx'), 'scan.fr.docx')).toBe('scan.fr.docx');
  });

  it('builds stem.target.ext when the service gave none', () => {
    expect(resultFileName(job('report.docx', 'DE'))).toBe('report.de.docx');
    expect(resultFileName(job('notes.txt', 'en-GB'))).toBe('notes.en-gb.txt');
    expect(resultFileName(job('old.doc', 'fr'))).toBe('old.fr.docx');
    expect(resultFileName(job('scan.pdf', 'fr', 'docx'))).toBe('scan.fr.docx');
    expect(resultFileName(job('README'))).toBe('README.de');
  });

  it("keeps the requested format's extension whatever Content-Disposition says", () => {
    expect(resultFileName(job('notes.txt'), 'evil.exe')).toBe('notes.de.txt');
    expect(resultFileName(job('notes.txt'), 'notes.de.txt.lnk')).toBe('notes.de.txt');
    expect(resultFileName(job('scan.pdf', 'de', 'docx'), 'scan.de.pdf')).toBe('scan.de.docx');
    expect(resultFileName(job('notes.txt'), 'desktop.ini')).toBe('notes.de.txt');
    expect(resultFileName(job('page.html'), 'x.de.html.local')).toBe('page.de.html');
  });

  it('never lets a name reach outside the downloads folder or hide itself', () => {
    expect(resultFileName(job('x.txt'), '../../etc/passwd.txt')).toBe('passwd.txt');
    expect(resultFileName(job('x.txt'), '..\\..\\.hidden.txt')).toBe('hidden.txt');
    expect(safeDownloadName('a:b*c?', 'txt')).toBe('a_b_c_.txt');
    expect(safeDownloadName('trailing. . ', 'txt')).toBe('trailing.txt');
    expect(safeDownloadName('...', 'txt')).toBe('document.txt');
  });

  it('gives names the browser refuses a safe form (real names that were refused before)', () => {
    const cases: Array<[string, string]> = [
      ['aux.txt', '_aux.de.txt'],
      ['CON.txt', '_CON.de.txt'],
      ['nul.docx', '_nul.de.docx'],
      ['com1.txt', '_com1.de.txt'],
      ['Lpt9.pdf', '_Lpt9.de.pdf'],
      ['\u202Etxt.exe.txt', '_txt.exe.de.txt'],
      ['invoice\u200F.txt', 'invoice_.de.txt'],
      ['line\u2028break.txt', 'line_break.de.txt'],
      ['\uFEFFbom.txt', '_bom.de.txt'],
      ['tab\there.txt', 'tab_here.de.txt'],
      ['~backup.txt', '_backup.de.txt'],
      ['report ~1.txt', 'report _1.de.txt'],
      ['.bashrc.txt', 'bashrc.de.txt'],
      ['café 日本.txt', 'café 日本.de.txt'],
    ];
    for (const [input, expected] of cases) {
      const name = resultFileName(job(input));
      expect(name, input).toBe(expected);
      expect(isSafeDownloadName(name), input).toBe(true);
    }
  });

  it('recognises what the browser refuses', () => {
    for (const bad of [
      'aux.de.txt',
      'con',
      'desktop.ini',
      'Thumbs.db',
      'link.lnk',
      'app.exe.local',
      'x.{20D04FE0-3AEA-1069-A2D8-08002B30309D}',
      'a\u202Eb.txt',
      'a\u2028b.txt',
      '\uFEFFa.txt',
      'a.txt ',
      ' a.txt',
      'a.txt.',
      '.a.txt',
      'a/b.txt',
      'a\uFFFEb.txt',
      'a\uD800b.txt',
      '',
    ])
      expect(isSafeDownloadName(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['report.de.docx', '_aux.de.txt', 'café 日本.de.txt', 'a b.txt', 'emoji 😀.txt'])
      expect(isSafeDownloadName(good), good).toBe(true);
  });

  it('shortens very long names but keeps the extension, without splitting a character', () => {
    const name = safeDownloadName('a'.repeat(400), 'docx');
    expect(name.length).toBe(180);
    expect(name.endsWith('.docx')).toBe(true);
    const emoji = safeDownloadName('😀'.repeat(300), 'txt');
    expect(isSafeDownloadName(emoji)).toBe(true);
    expect(emoji.endsWith('😀.txt')).toBe(true);
  });

  it('has a fallback of plain ASCII', () => {
    expect(fallbackFileName('_aux.de.txt')).toBe('translated-document.txt');
    expect(fallbackFileName('x')).toBe('translated-document');
  });

  it('turns any name into one the browser accepts, with the extension asked for', () => {
    const ext = fc.constantFrom('txt', 'docx', 'pdf', 'html', 'xliff', 'srt');
    // Any code point, lone surrogates often. (fast-check's `unit: 'binary'` makes the same strings at about
    // 35 ms each: 200 runs took 7 s on a quiet machine and passed the test's time limit on a busy one.)
    const codePoint = fc
      .oneof(fc.integer({ min: 0, max: 0x10ffff }), fc.integer({ min: 0xd800, max: 0xdfff }))
      .map((c) => String.fromCodePoint(c));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ unit: codePoint }), ext, (a, b, e) => {
        for (const stem of [a, b, `${a}${b}`]) {
          const name = safeDownloadName(stem, e);
          expect(isSafeDownloadName(name)).toBe(true);
          expect(name.endsWith(`.${e}`)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
