import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Preferences } from '../../settings/schema.ts';
import { toSettingsFile } from './format.ts';
import {
  countsOf,
  type ImportCounts,
  importedSentence,
  importItems,
  type Message,
  nothingSentence,
  previewSentence,
} from './summary.ts';

/** A locale's catalogue as chrome.i18n reads it: the message, with $1… substituted. */
function catalogue(locale: string): Message {
  const file = path.resolve(import.meta.dirname, `../../../public/_locales/${locale}/messages.json`);
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { message: string }>;
  return (key, _fallback, substitutions) => {
    const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
    const message = messages[key]?.message;
    if (message === undefined) throw new Error(`${locale} lacks ${key}`);
    return message.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
  };
}

const COUNTS = [0, 1, 2, 5, 21] as const;
const counts = (n: number, defaults = false): ImportCounts => ({
  glossaryDefaults: n,
  siteRules: n,
  languageRules: n,
  ...(defaults ? { defaults: { targetLang: 'fr' } } : {}),
});

// The counted items for 0, 1, 2, 5 and 21 of each kind (0 is left out of the sentence).
const ITEMS: Record<string, { lang: string; items: Record<number, string[]> }> = {
  en: {
    lang: 'en',
    items: {
      0: [],
      1: ['1 default glossary', '1 site rule', '1 language rule'],
      2: ['2 default glossaries', '2 site rules', '2 language rules'],
      5: ['5 default glossaries', '5 site rules', '5 language rules'],
      21: ['21 default glossaries', '21 site rules', '21 language rules'],
    },
  },
  de: {
    lang: 'de',
    items: {
      0: [],
      1: ['1 Standardglossar', '1 Website-Regel', '1 Sprachregel'],
      2: ['2 Standardglossare', '2 Website-Regeln', '2 Sprachregeln'],
      5: ['5 Standardglossare', '5 Website-Regeln', '5 Sprachregeln'],
      21: ['21 Standardglossare', '21 Website-Regeln', '21 Sprachregeln'],
    },
  },
  ru: {
    lang: 'ru',
    items: {
      0: [],
      1: ['1 глоссарий по умолчанию', '1 правило сайта', '1 правило языка'],
      2: ['2 глоссария по умолчанию', '2 правила сайтов', '2 правила языков'],
      5: ['5 глоссариев по умолчанию', '5 правил сайтов', '5 правил языков'],
      21: ['21 глоссарий по умолчанию', '21 правило сайта', '21 правило языка'],
    },
  },
  pl: {
    lang: 'pl',
    items: {
      0: [],
      1: ['1 domyślny glosariusz', '1 reguła witryny', '1 reguła języka'],
      2: ['2 domyślne glosariusze', '2 reguły witryn', '2 reguły języków'],
      5: ['5 domyślnych glosariuszy', '5 reguł witryn', '5 reguł języków'],
      21: ['21 domyślnych glosariuszy', '21 reguł witryn', '21 reguł języków'],
    },
  },
  ja: {
    lang: 'ja',
    items: {
      0: [],
      1: ['既定の用語集 1 件', 'サイトのルール 1 件', '言語のルール 1 件'],
      2: ['既定の用語集 2 件', 'サイトのルール 2 件', '言語のルール 2 件'],
      5: ['既定の用語集 5 件', 'サイトのルール 5 件', '言語のルール 5 件'],
      21: ['既定の用語集 21 件', 'サイトのルール 21 件', '言語のルール 21 件'],
    },
  },
};

describe('the settings-import summary', () => {
  for (const [locale, { lang, items }] of Object.entries(ITEMS)) {
    it(`counts each kind with the plural form of ${locale}`, () => {
      const message = catalogue(locale);
      for (const n of COUNTS) expect(importItems(counts(n), { lang, message }), `${locale} ${n}`).toEqual(items[n]);
    });
  }

  it('makes one sentence with the language’s own list and numbers', () => {
    const en = { lang: 'en', message: catalogue('en') };
    expect(
      importedSentence({ glossaryDefaults: 1, siteRules: 3, languageRules: 0, defaults: { targetLang: 'fr' } }, en),
    ).toBe(
      'Imported 1 default glossary, 3 site rules, and your defaults (translate into French). Your keys were kept.',
    );
    expect(importedSentence(counts(0, true), en)).toBe(
      'Imported your defaults (translate into French). Your keys were kept.',
    );
    expect(importedSentence(counts(21, true), { lang: 'de', message: catalogue('de') })).toBe(
      'Importiert: 21 Standardglossare, 21 Website-Regeln, 21 Sprachregeln und Ihre Standardeinstellungen (Zielsprache: Französisch). Ihre Schlüssel wurden beibehalten.',
    );
    expect(importedSentence(counts(5, true), { lang: 'ru', message: catalogue('ru') })).toBe(
      'Импортировано: 5 глоссариев по умолчанию, 5 правил сайтов, 5 правил языков и ваши настройки по умолчанию (язык перевода: французский). Ваши ключи сохранены.',
    );
    expect(importedSentence(counts(2), { lang: 'pl', message: catalogue('pl') })).toBe(
      'Zaimportowano: 2 domyślne glosariusze, 2 reguły witryn i 2 reguły języków. Twoje klucze zostały zachowane.',
    );
    expect(importedSentence(counts(1, true), { lang: 'ja', message: catalogue('ja') })).toBe(
      '読み込みました: 既定の用語集 1 件、サイトのルール 1 件、言語のルール 1 件、既定値（翻訳先: フランス語）。キーはそのまま残っています。',
    );
    // Large counts are written as the language writes numbers.
    expect(importItems(counts(1234), { lang: 'de', message: catalogue('de') })[1]).toBe('1.234 Website-Regeln');
  });

  it('says there is nothing to import when the file brings nothing', () => {
    for (const locale of Object.keys(ITEMS)) {
      const message = catalogue(locale);
      expect(importedSentence(counts(0), { lang: ITEMS[locale]!.lang, message })).toBe(nothingSentence(message));
    }
    expect(importedSentence(counts(0))).toBe('Nothing to import: the file has no settings Verso knows.');
    expect(previewSentence('x.json', counts(0))).toBe('Nothing to import: the file has no settings Verso knows.');
  });

  it('previews a file by what it holds', () => {
    const file = toSettingsFile({
      preferences: Preferences.parse({ targetLang: 'de' }),
      siteRules: [{ host: 'a.example', translate: 'never' }],
      glossaryDefaults: {},
    });
    expect(countsOf(file)).toEqual({
      dictionaryWords: 0,
      pdfReaderSites: 0,
      videoSites: 0,
      glossaryDefaults: 0,
      siteRules: 1,
      languageRules: 0,
      defaults: { targetLang: 'de' },
    });
    expect(previewSentence('mine.json', countsOf(file), { lang: 'en' })).toBe(
      'mine.json holds 1 site rule and your defaults (translate into German).',
    );
    const more = {
      ...file,
      pdfReader: { always: false, sites: ['papers.example'] },
      videoSubtitles: { sites: ['a.example', 'b.example'], mode: 'both' as const },
    };
    expect(previewSentence('mine.json', countsOf(more), { lang: 'en' })).toBe(
      "mine.json holds 1 site rule, 1 site whose PDFs open in Verso's reader, 2 sites with translated subtitles, and your defaults (translate into German).",
    );
  });
});
