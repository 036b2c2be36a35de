// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { alreadyInLanguage } from '../../languages/index.ts';
import { BlockLanguages, confidentlyIn, type Detection, type DetectLanguage, plainTextOf } from './block-language.ts';
import { segment, type Unit } from './segments/index.ts';

const GERMAN = 'Heute haben wir im Garten die ersten Tomaten des Sommers geerntet.';
const FRENCH = 'Nous avons passé une semaine magnifique au bord de la mer avec les enfants.';
const sure = (language: string, percentage = 98): Detection => ({
  isReliable: true,
  languages: [{ language, percentage }],
});

/** The browser's detector stands behind this interface; here each sample says what it is. */
const detector = (known: Record<string, Detection>): DetectLanguage & { asked: string[] } => {
  const asked: string[] = [];
  const detect = async (text: string) => {
    asked.push(text.trim());
    const found = Object.entries(known).find(([sample]) => text.includes(sample));
    return found ? found[1] : { isReliable: false, languages: [] };
  };
  return Object.assign(detect, { asked });
};

const cut = (html: string): Unit[] => {
  document.body.innerHTML = html;
  return segment(document.body, { targetLang: 'DE', attributes: true }).units;
};
const texts = (units: readonly Unit[]) => units.map((u) => plainTextOf(u).trim());

beforeEach(() => {
  document.documentElement.removeAttribute('lang');
  document.body.innerHTML = '';
});

describe('alreadyInLanguage', () => {
  it('takes a variant target by its base language, and old detector codes by their new ones', () => {
    expect(alreadyInLanguage('en', 'EN-US')).toBe(true);
    expect(alreadyInLanguage('de', 'de-AT')).toBe(true);
    expect(alreadyInLanguage('iw', 'HE')).toBe(true);
    expect(alreadyInLanguage('no', 'NB')).toBe(true);
    expect(alreadyInLanguage('fr', 'DE')).toBe(false);
  });

  it('tells the two Chinese scripts apart', () => {
    expect(alreadyInLanguage('zh', 'ZH-HANS')).toBe(true);
    expect(alreadyInLanguage('zh-Hant', 'ZH-HANT')).toBe(true);
    expect(alreadyInLanguage('zh', 'ZH-HANT')).toBe(false);
    expect(alreadyInLanguage('zh-Hant', 'ZH')).toBe(false);
  });
});

describe('confidentlyIn', () => {
  it('is sure only of reliable answers with most of the text in the language', () => {
    expect(confidentlyIn(GERMAN, sure('de'), 'DE')).toBe(true);
    expect(confidentlyIn(GERMAN, sure('de'), 'EN-US')).toBe(false);
    expect(confidentlyIn(GERMAN, { ...sure('de'), isReliable: false }, 'DE')).toBe(false);
    expect(confidentlyIn(GERMAN, sure('de', 60), 'DE')).toBe(false);
    expect(confidentlyIn(GERMAN, { isReliable: true, languages: [] }, 'DE')).toBe(false);
  });

  it('sends short text whatever the detector says: a few words are a guess', () => {
    expect(confidentlyIn('Guten Morgen!', sure('de'), 'DE')).toBe(false);
    expect(confidentlyIn('Danke schön', sure('de'), 'DE')).toBe(false);
  });

  it('counts fewer letters for scripts that say more per letter', () => {
    expect(confidentlyIn('今日は公園で桜を見ました。', sure('ja'), 'JA')).toBe(true);
    expect(confidentlyIn('桜', sure('ja'), 'JA')).toBe(false);
  });
});

describe('BlockLanguages', () => {
  it('leaves the blocks already in the target language and counts them once per block', async () => {
    const units = cut(`<article><p>${GERMAN}</p></article><article><p>${FRENCH}</p></article>`);
    const langs = new BlockLanguages('DE', detector({ [GERMAN]: sure('de'), [FRENCH]: sure('fr') }));
    expect(texts(await langs.keep(units))).toEqual([FRENCH]);
    expect(langs.count).toBe(1);
    // The same block met again (a later pass) is not counted twice.
    await langs.keep(units);
    expect(langs.count).toBe(1);
  });

  it('sends what the detector is unsure of, short text and text it could not answer for', async () => {
    const units = cut(`<p>Guten Morgen!</p><p>${GERMAN}</p><p>Das ist ein Satz, dessen Sprache unklar bleibt.</p>`);
    const failing: DetectLanguage = async () => {
      throw new Error('no detector');
    };
    const detect = detector({ [GERMAN]: { isReliable: false, languages: [{ language: 'de', percentage: 99 }] } });
    expect(texts(await new BlockLanguages('DE', detect).keep(units))).toHaveLength(3);
    // Too short to be sure: not even asked.
    expect(detect.asked).not.toContain('Guten Morgen!');
    expect(texts(await new BlockLanguages('DE', failing).keep(units))).toHaveLength(3);
  });

  it('takes a lang the page declared on the block as decisive, and not <html lang>', async () => {
    document.documentElement.setAttribute('lang', 'en');
    const units = cut(`<p lang="fr">${GERMAN}</p><section lang="de"><p>${FRENCH}</p></section><p>${GERMAN} </p>`);
    const detect = detector({ [GERMAN]: sure('de'), [FRENCH]: sure('fr') });
    const langs = new BlockLanguages('DE', detect);
    // The French-declared block goes unasked; the German-declared one was never cut; the bare one is detected.
    expect(texts(await langs.keep(units))).toEqual([GERMAN]);
    expect(detect.asked).toEqual([GERMAN]);
    expect(langs.count).toBe(1);
  });

  it('takes a variant target by its base language', async () => {
    const english = 'We spent the whole afternoon reading in the shade of the old oak tree.';
    const units = cut(`<p>${english}</p>`);
    const langs = new BlockLanguages('EN-US', detector({ [english]: sure('en') }));
    expect(await langs.keep(units)).toEqual([]);
  });

  it('detects attributes too, by the same rules', async () => {
    const units = cut(`<p><img alt="${GERMAN}"> ${FRENCH}</p>`);
    const langs = new BlockLanguages('DE', detector({ [GERMAN]: sure('de'), [FRENCH]: sure('fr') }));
    const kept = await langs.keep(units);
    expect(kept.map((u) => u.kind)).toEqual(['text']);
  });

  it('marks what is surely in another language than the page declared, for the service to detect', async () => {
    const units = cut(
      `<p>${FRENCH}</p><p>${GERMAN}</p><p lang="es">Hola a todos</p><p>Guten Morgen!</p><p lang="en-GB">Cheers</p>`,
    );
    const langs = new BlockLanguages('DE', detector({ [FRENCH]: sure('fr'), [GERMAN]: sure('de') }), 'EN');
    const kept = await langs.keep(units);
    expect(kept.filter((u) => langs.isForeign(u)).map((u) => plainTextOf(u).trim())).toEqual([FRENCH, 'Hola a todos']);
    // Without a declared source, the service detects every text anyway: nothing to mark.
    const plain = new BlockLanguages('DE', detector({ [FRENCH]: sure('fr') }));
    expect((await plain.keep(units)).some((u) => plain.isForeign(u))).toBe(false);
  });

  it('sends everything when the browser has no detector', async () => {
    const units = cut(`<p>${GERMAN}</p>`);
    expect(await new BlockLanguages('DE', undefined).keep(units)).toHaveLength(1);
  });
});
