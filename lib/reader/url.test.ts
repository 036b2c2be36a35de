import { describe, expect, it } from 'vitest';
import { siteHostOf } from '../features/site-rules/rules.ts';
import { pdfOfReader, readerUrlFor } from './url.ts';

describe('the reader’s address', () => {
  const base = 'chrome-extension://abcdefghijklmnop/';

  it('carries the PDF it shows, and gives it back', () => {
    const url = readerUrlFor(base, 'https://papers.example/a b.pdf?x=1#p2');
    expect(url).toBe(`${base}pdf-reader.html?file=https%3A%2F%2Fpapers.example%2Fa+b.pdf%3Fx%3D1%23p2`);
    expect(pdfOfReader(url)).toBe('https://papers.example/a b.pdf?x=1#p2');
    expect(readerUrlFor(base)).toBe(`${base}pdf-reader.html`);
  });

  it('names only http(s) and file PDFs of an extension page named so', () => {
    expect(pdfOfReader(`${base}pdf-reader.html?file=javascript:alert(1)`)).toBeUndefined();
    expect(pdfOfReader(`${base}options.html?file=https://a.example/x.pdf`)).toBeUndefined();
    expect(pdfOfReader('https://evil.example/pdf-reader.html?file=https://a.example/x.pdf')).toBeUndefined();
    expect(pdfOfReader(`${base}pdf-reader.html`)).toBeUndefined();
  });

  it('counts as the PDF’s site for site rules and spending', () => {
    expect(siteHostOf(readerUrlFor(base, 'https://papers.example/x.pdf'))).toBe('papers.example');
    expect(siteHostOf(readerUrlFor(base, 'file:///home/me/x.pdf'))).toBeUndefined();
    expect(siteHostOf(`${base}options.html`)).toBeUndefined();
  });
});
