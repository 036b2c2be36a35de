import { describe, expect, it } from 'vitest';
import { testOptions } from '../config.ts';
import { changeLanguage } from '../data/languages.ts';
import { ServiceState } from '../stores/state.ts';
import { pseudoTranslate } from './pseudo.ts';
import { billableLength, resolveFormality, type TranslateRequest, translateTexts } from './translate.ts';

const state = new ServiceState(testOptions());
const one = (request: Omit<TranslateRequest, 'texts'> & { text: string }) => {
  const { text, ...rest } = request;
  const [result] = translateTexts(state, { texts: [text], ...rest });
  return result!;
};

describe('translateTexts', () => {
  it('pseudo-translates each text independently, in order, deterministically', () => {
    const request = { texts: ['Good morning', 'Good night'], targetLang: 'de', sourceLang: 'en' };
    const first = translateTexts(state, request);
    expect(first.map((r) => r.text)).toEqual(['Gööd mörning', 'Gööd night']);
    expect(translateTexts(state, request)).toEqual(first);
  });

  it('returns same-language text unchanged but billed', () => {
    const result = one({ text: 'colour me surprised', targetLang: 'en-US', sourceLang: 'en' });
    expect(result).toEqual({ text: 'colour me surprised', billedCharacters: 19, detectedSourceLanguage: 'EN' });
  });

  it('treats a detected source equal to the target as same-language', () => {
    const result = one({ text: 'Das ist ein schöner Tag und wir gehen spazieren.', targetLang: 'de' });
    expect(result.text).toBe('Das ist ein schöner Tag und wir gehen spazieren.');
    expect(result.detectedSourceLanguage).toBe('DE');
  });

  it('reports the given source in upper case', () => {
    expect(one({ text: 'hola', targetLang: 'fr', sourceLang: 'es' }).detectedSourceLanguage).toBe('ES');
  });

  it('shows formality on supporting targets and falls back for prefer_ on others', () => {
    const base = { text: 'Can you help?', targetLang: 'de', sourceLang: 'en' };
    expect(one({ ...base, formality: 'more' }).text).toBe('Cän Sie help?');
    expect(one({ ...base, formality: 'less' }).text).toBe('Cän du help?');
    expect(one({ ...base, formality: 'default' }).text).toBe('Cän yöü help?');
    expect(one({ ...base, targetLang: 'en-GB', sourceLang: 'de', formality: 'prefer_more' }).text).toBe(
      'Cȧn yȯu hėlp?',
    );
  });

  it('applies glossary target phrases verbatim and pseudo-translates the rest', () => {
    const result = one({
      text: 'Open the settings page',
      targetLang: 'fr',
      sourceLang: 'en',
      glossary: [['settings page', 'page des paramètres']],
    });
    expect(result.text).toBe('Ôpén thé page des paramètres');
  });

  it('prepends injected markup to every text', () => {
    const results = translateTexts(state, { texts: ['a', 'b'], targetLang: 'de', sourceLang: 'en', inject: '<x/>' });
    expect(results.map((r) => r.text)).toEqual(['<x/>Ä', '<x/>B']);
  });
});

describe('sentence splitting and preserve_formatting', () => {
  const text = 'first line\nsecond one. third';
  const run = (splitSentences: '0' | '1' | 'nonewlines', preserveFormatting = false) =>
    one({ text, targetLang: 'nl', sourceLang: 'en', splitSentences, preserveFormatting }).text;

  it('capitalises each sentence start according to split_sentences', () => {
    expect(run('1')).toBe('Fïrst lïnë\nSëcond onë. Thïrd');
    expect(run('nonewlines')).toBe('Fïrst lïnë\nsëcond onë. Thïrd');
    expect(run('0')).toBe('Fïrst lïnë\nsëcond onë. thïrd');
  });

  it('keeps the initial case with preserve_formatting', () => {
    expect(run('1', true)).toBe(pseudoTranslate(text, 'nl'));
  });
});

describe('tag handling', () => {
  it('keeps every markup byte and translates only text', () => {
    const input = '<p class="a>b">hello <b>bold <i>deep</i></b> &amp; <!-- keep me --><br/>end</p>';
    const { text } = one({ text: input, targetLang: 'de', sourceLang: 'en', tagHandling: { mode: 'xml' } });
    expect(text).toBe('<p class="a>b">Hellö <b>böld <i>deep</i></b> &amp; <!-- keep me --><br/>end</p>');
  });

  it('keeps ignore_tags content verbatim', () => {
    const { text } = one({
      text: 'Call <keep>Acme Support</keep> now',
      targetLang: 'fr',
      sourceLang: 'en',
      tagHandling: { mode: 'xml', ignoreTags: ['keep'] },
    });
    expect(text).toBe('Çàll <keep>Acme Support</keep> nôw');
  });

  it('keeps html code, pre, script and style content', () => {
    const input = '<p>Run <code>npm start</code></p><pre>a b</pre><script>var a = "<b>";</script><style>p{}</style>';
    const { text } = one({ text: input, targetLang: 'it', sourceLang: 'en', tagHandling: { mode: 'html' } });
    expect(text).toBe(
      '<p>Rùn <code>npm start</code></p><pre>a b</pre><script>var a = "<b>";</script><style>p{}</style>',
    );
  });

  it('starts a sentence at splitting tags only', () => {
    const input = '<seg>one</seg><seg>two</seg>';
    const opts = { targetLang: 'it', sourceLang: 'en', splitSentences: 'nonewlines' as const };
    expect(one({ ...opts, text: input, tagHandling: { mode: 'xml' } }).text).toBe('<seg>Ònè</seg><seg>twò</seg>');
    expect(one({ ...opts, text: input, tagHandling: { mode: 'xml', splittingTags: ['seg'] } }).text).toBe(
      '<seg>Ònè</seg><seg>Twò</seg>',
    );
  });
});

describe('billing', () => {
  it('bills code points of the text outside markup', () => {
    expect(billableLength('héllo 😀', undefined)).toBe(7);
    expect(billableLength('<b title="long attribute">hi</b> &amp;', { mode: 'xml' })).toBe(4);
    const [r] = translateTexts(state, {
      texts: ['<b>hi</b>'],
      targetLang: 'de',
      sourceLang: 'en',
      tagHandling: { mode: 'html' },
    });
    expect(r!.billedCharacters).toBe(2);
  });

  it('does not bill beta targets', () => {
    expect(one({ text: 'hello', targetLang: 'de-CH', sourceLang: 'en' }).billedCharacters).toBe(0);
    expect(one({ text: 'hello', targetLang: 'fr-CA', sourceLang: 'en' }).billedCharacters).toBe(0);
    expect(one({ text: 'hello', targetLang: 'fr', sourceLang: 'en' }).billedCharacters).toBe(5);
  });
});

describe('resolveFormality', () => {
  it('passes supported values, rejects plain values on unsupported targets, falls back for prefer_', () => {
    expect(resolveFormality(state, 'translate_text', 'es-419', 'more')).toBe('more');
    expect(resolveFormality(state, 'translate_text', 'ja', 'prefer_less')).toBe('less');
    expect(resolveFormality(state, 'translate_text', 'en-US', 'prefer_less')).toBe('default');
    expect(() => resolveFormality(state, 'translate_text', 'en-US', 'less')).toThrow(/formality/);
    expect(() => resolveFormality(state, 'translate_document', 'es-419', 'more')).toThrow(/formality/);
  });

  it('follows features added at run time', () => {
    const local = new ServiceState(testOptions());
    changeLanguage(local, { resource: 'translate_text', lang: 'sv', feature: 'formality' });
    expect(resolveFormality(local, 'translate_text', 'sv', 'more')).toBe('more');
  });
});
