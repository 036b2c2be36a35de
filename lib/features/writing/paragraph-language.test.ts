import { describe, expect, it } from 'vitest';
import { MAX_DETECTED_CHARS } from './messages.ts';
import { detectVia, ParagraphLanguages, paragraphAround } from './paragraph-language.ts';

describe('paragraph languages', () => {
  const text = 'Thanks for the notes. I did not recieve it.\nVielen Dank. Ich komme vieleicht.\n\nOk.';

  it('asks the background only for a paragraph long enough to be sure of, with its beginning', async () => {
    const asked: string[] = [];
    const detect = detectVia(async (text) => {
      asked.push(text);
      return 'en';
    });
    expect(await detect('Ok, thanks.')).toBeUndefined();
    const long = 'The team met on Monday to plan the next release. '.repeat(40);
    expect(await detect(long)).toBe('en');
    expect(asked).toEqual([long.slice(0, MAX_DETECTED_CHARS)]);
  });

  it('finds the line around a span', () => {
    expect(paragraphAround(text, 22, 43)).toBe('Thanks for the notes. I did not recieve it.');
    expect(paragraphAround(text, 44, 56)).toBe('Vielen Dank. Ich komme vieleicht.');
    expect(paragraphAround(text, text.length - 3, text.length)).toBe('Ok.');
  });

  it('detects each paragraph once and gives each span its language', async () => {
    const asked: string[] = [];
    const languages = new ParagraphLanguages(async (p) => {
      asked.push(p);
      return p.startsWith('Vielen') ? 'de' : p.startsWith('Thanks') ? 'en' : undefined;
    });
    const spans = [
      { start: 0, end: 21 },
      { start: 22, end: 43 },
      { start: 44, end: 56 },
      { start: text.length - 3, end: text.length },
    ];
    expect(await languages.of(text, spans)).toEqual(['en', 'en', 'de', '']);
    expect(await languages.of(text, spans.slice(2))).toEqual(['de', '']);
    expect(asked).toHaveLength(3);
  });

  it('knows a growing paragraph by its beginning once the detector was sure of it', async () => {
    const asked: string[] = [];
    const languages = new ParagraphLanguages(async (p) => {
      asked.push(p);
      return p.length > 90 ? 'en' : undefined;
    });
    const first = 'The team met on Monday to plan the next release of the product and its manual.';
    // Not sure yet (too short for this detector): asked again as the paragraph grows.
    expect(await languages.of(first, [{ start: 0, end: first.length }])).toEqual(['']);
    const second = `${first} We agreed on the dates.`;
    expect(await languages.of(second, [{ start: 80, end: second.length }])).toEqual(['en']);
    // Sure now: the next sentences of the paragraph are not detected again.
    const third = `${second} Anna will write the notes.`;
    expect(await languages.of(third, [{ start: 105, end: third.length }])).toEqual(['en']);
    expect(asked).toEqual([first, second]);
  });

  it('knows a paragraph by a shorter beginning the detector was sure of', async () => {
    const asked: string[] = [];
    const languages = new ParagraphLanguages(async (p) => {
      asked.push(p);
      return p.startsWith('Vielen') ? 'de' : 'en';
    });
    const first = 'Vielen Dank für die Notizen vom Dienstag.';
    expect(await languages.of(first, [{ start: 0, end: first.length }])).toEqual(['de']);
    const second = `${first} Die Rechnung für März ist noch nicht da.`;
    expect(await languages.of(second, [{ start: first.length + 1, end: second.length }])).toEqual(['de']);
    // Another paragraph that does not begin the same way is detected.
    const other = `${second}\nThanks for the notes from Tuesday, they helped.`;
    expect(await languages.of(other, [{ start: second.length + 1, end: other.length }])).toEqual(['en']);
    expect(asked).toEqual([first, 'Thanks for the notes from Tuesday, they helped.']);
  });
});
