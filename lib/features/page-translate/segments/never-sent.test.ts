// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { hasWords } from './classify.ts';
import { segment } from './segment.ts';

/** What would leave the page for the service: every unit's source, attributes' values included. */
const sent = (html: string, targetLang = 'DE'): string[] => {
  document.body.innerHTML = html;
  return segment(document.body, { targetLang }).units.map((u) => u.source);
};

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('text that is never sent', () => {
  it('code: code, kbd, samp and var stay placeholders in the sentence; pre is not entered', () => {
    expect(
      sent('<p>Run <code>npm test</code>, press <kbd>Enter</kbd>, see <samp>ok</samp> for <var>n</var>.</p>'),
    ).toEqual(['Run <img id="v1">, press <img id="v2">, see <img id="v3"> for <img id="v4">.']);
    expect(sent('<pre>const greeting = "hello world";</pre><p>Text</p>')).toEqual(['Text']);
  });

  it('names and marked parts: translate="no" and notranslate, inline and as blocks', () => {
    expect(sent('<p>Made by <span translate="no">Blue Harbour</span> in <b class="notranslate">Oslo</b>.</p>')).toEqual(
      ['Made by <img id="v1"> in <img id="v2">.'],
    );
    expect(sent('<div translate="no"><p>Brand Name Store</p></div><p class="x notranslate">Acme Corp</p>')).toEqual([]);
  });

  it('numbers, punctuation and emoji only', () => {
    expect(sent('<p>1,234.50</p><p>— … !?</p><p>12:30</p><p>🎉🎉</p><td>42 %</td>')).toEqual([]);
    // A count inside a sentence stays a placeholder, neither billed nor touched.
    expect(sent('<p>Comments <span>(12)</span></p>')).toEqual(['Comments <img id="v1">']);
  });

  it('web and e-mail addresses alone, as text, as links and as attributes', () => {
    expect(
      sent(
        '<p>https://example.org/path?q=1</p><p>www.example.org</p><p>hello@example.org</p>' +
          '<p><a href="https://example.org">https://example.org</a></p><a title="https://example.org/docs" href="#">Docs</a>',
      ),
    ).toEqual(['<a id="v1">Docs</a>']);
    // In a sentence, the address is a placeholder when it is an element of its own, and words go.
    expect(sent('<p>Write to <a href="mailto:hi@example.org">hi@example.org</a> today.</p>')).toEqual([
      'Write to <img id="v1"> today.',
    ]);
    expect(sent('<p>See https://example.org for more.</p>')).toEqual(['See https://example.org for more.']);
  });

  it('dates and data: the readable text goes, the machine values stay in their attributes', () => {
    document.body.innerHTML =
      '<p>Posted <time datetime="2026-11-27">on Friday</time>, price <data value="398">Mini Ketchup</data>.</p>';
    const [unit] = segment(document.body, { targetLang: 'DE' }).units;
    expect(unit?.source).toBe('Posted <time id="v1">on Friday</time>, price <data id="v2">Mini Ketchup</data>.');
    expect(unit?.source).not.toContain('2026');
    expect(unit?.source).not.toContain('398');
    expect(sent('<p><time datetime="2026-11-27">27.11.2026</time></p>')).toEqual([]);
  });

  it('text already in the target language, by the nearest lang', () => {
    expect(sent('<p lang="de-AT">Grüß Gott</p><p>Hello <span lang="de">Guten Tag</span></p>', 'DE')).toEqual([
      'Hello <img id="v1">',
    ]);
    expect(sent('<p lang="en">Good morning</p>', 'EN-US')).toEqual([]);
    // The blocks left for their lang are named, so the page can say how many stayed as they are.
    document.body.innerHTML = '<article lang="de"><p>Hallo</p><p>Tschüss</p></article><p>Hi <b lang="de">du</b></p>';
    expect(segment(document.body, { targetLang: 'DE' }).sameLang.map((el) => el.localName)).toEqual(['article']);
    expect(segment(document.querySelector('article')!, { targetLang: 'DE' }).sameLang).toHaveLength(1);
  });

  it('Verso’s own bilingual lines', () => {
    expect(
      sent('<p>Original</p><span class="verso-bilingual" data-verso-bilingual lang="de">Übersetzung</span>'),
    ).toEqual(['Original']);
  });
});

describe('hasWords', () => {
  it('finds words beside addresses, and none in addresses alone', () => {
    expect(hasWords('mailto me: a.b@example.co.uk')).toBe(true);
    expect(hasWords('a.b@example.co.uk')).toBe(false);
    expect(hasWords('http://a.example/x, https://b.example/y')).toBe(false);
    expect(hasWords('Node.js')).toBe(true);
    expect(hasWords('@name')).toBe(true);
  });
});
