import { describe, expect, it } from 'vitest';
import { noteTranslated, onTextTranslated, plainTextOf, type TextTranslated } from './translated.background.ts';

describe('plainTextOf', () => {
  it('drops tags, keeps line breaks and decodes entities', () => {
    expect(plainTextOf('<b>Fish</b> &amp; <a id="a1">chips</a><br>&lt;3 &#233;&#x20AC;')).toBe('Fish & chips\n<3 é€');
  });

  it('leaves unknown entities and text without markup as they are', () => {
    expect(plainTextOf('a &bogus; b &#0;')).toBe('a &bogus; b &#0;');
  });
});

describe('noteTranslated', () => {
  it('tells every listener, and one that fails does not stop the others', async () => {
    const heard: TextTranslated[] = [];
    const stopBad = onTextTranslated(() => {
      throw new Error('broken');
    });
    const stop = onTextTranslated((t) => {
      heard.push(t);
    });
    const entry: TextTranslated = {
      origin: 'popup',
      text: 'Hi',
      translation: 'Hallo',
      sourceLang: 'en',
      targetLang: 'de',
    };
    await noteTranslated(entry, {});
    expect(heard).toEqual([entry]);
    stop();
    stopBad();
  });
});
