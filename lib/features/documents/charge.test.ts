import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { chargeOf, codePointCount, DOCUMENT_MINIMUM_CHARACTERS, estimateCharge } from './charge.ts';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const docx = (runs: string[]) =>
  zipSync({
    'word/document.xml': strToU8(
      `<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body><w:p>${runs
        .map((r) => `<w:r><w:t xml:space="preserve">${r}</w:t></w:r>`)
        .join('')}</w:p></w:body></w:document>`,
    ),
    'word/styles.xml': strToU8('<w:styles><w:t>not text of the document</w:t></w:styles>'),
  });

describe('document charge', () => {
  it('counts code points as the service bills them (docs/contract.md §D6 rule 1)', () => {
    expect(codePointCount('é😀a')).toBe(3);
    expect(codePointCount('')).toBe(0);
  });

  it('a short Word file is billed the minimum; its own text is counted to say so', () => {
    const estimate = estimateCharge('docx', docx(['Quarterly report. ', 'Sales grew &amp; grew.']));
    expect(estimate).toEqual({
      kind: 'minimum',
      minimum: DOCUMENT_MINIMUM_CHARACTERS,
      characters: 'Quarterly report. Sales grew & grew.'.length,
    });
    expect(chargeOf(estimate)).toBe(50_000);
  });

  it('a long Word file is billed its characters', () => {
    const long = 'x'.repeat(60_000);
    expect(chargeOf(estimateCharge('docx', docx([long])))).toBe(60_000);
  });

  it('PDF and old Word files carry the minimum without a count; a damaged docx too', () => {
    expect(estimateCharge('pdf', strToU8('%PDF-1.7'))).toEqual({ kind: 'minimum', minimum: 50_000 });
    expect(estimateCharge('doc', new Uint8Array([0xd0, 0xcf]))).toEqual({ kind: 'minimum', minimum: 50_000 });
    expect(estimateCharge('docx', strToU8('not a zip'))).toEqual({ kind: 'minimum', minimum: 50_000 });
  });

  it('text files count the characters of their text: markup, cue numbers and timecodes are free', () => {
    expect(estimateCharge('txt', strToU8('\uFEFFHello\nworld'))).toEqual({ kind: 'counted', characters: 11 });
    expect(
      estimateCharge('html', strToU8('<p class="x">Hi <b>there</b></p><script>var a = 1;</script><!-- note -->')),
    ).toEqual({ kind: 'counted', characters: 8 });
    expect(
      estimateCharge(
        'srt',
        strToU8('1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n'),
      ),
    ).toEqual({ kind: 'counted', characters: 8 });
    expect(
      estimateCharge('xlf', strToU8('<unit><segment><source>Hello</source><target>Hallo</target></segment></unit>')),
    ).toEqual({ kind: 'counted', characters: 5 });
  });

  it('says nothing about images', () => {
    expect(estimateCharge('png', new Uint8Array([0x89, 0x50]))).toEqual({ kind: 'unknown' });
    expect(chargeOf({ kind: 'unknown' })).toBeUndefined();
  });
});
