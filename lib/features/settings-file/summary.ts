import { displayLanguageName, formatNumber, uiLanguage, t as uiText } from '../../ui/i18n.ts';
import { pluralForm } from '../../ui/plural.ts';
import type { SettingsFile } from './format.ts';

/** What a settings file brings, as the person is told before and after importing it. */
export interface ImportCounts {
  glossaryDefaults: number;
  siteRules: number;
  languageRules: number;
  /** Words of the personal dictionary. */
  dictionaryWords?: number;
  /** Sites where PDFs open in Verso's reader, and sites with translated subtitles on. */
  pdfReaderSites?: number;
  videoSites?: number;
  /** The file's defaults (target language and the rest), when it has them. */
  defaults?: { targetLang: string };
}

/** A UI text by key (t, or a catalogue in tests). */
export type Message = (key: string, fallback: string, substitutions?: string | string[]) => string;

export interface SummaryOptions {
  /** The UI language: plural rules, numbers, language names and the list's "and". */
  lang?: string;
  message?: Message;
}

export function countsOf(file: SettingsFile): ImportCounts {
  return {
    glossaryDefaults: Object.keys(file.glossaryDefaults).length,
    siteRules: file.siteRules.length,
    languageRules: file.languageRules.length,
    dictionaryWords: file.dictionary?.length ?? 0,
    pdfReaderSites: file.pdfReader?.sites.length ?? 0,
    videoSites: file.videoSubtitles?.sites.length ?? 0,
    defaults: { targetLang: file.preferences.targetLang },
  };
}

/** "1 default glossary", "3 site rules", "your defaults (translate into French)": the parts with something in them. */
export function importItems(
  counts: ImportCounts,
  { lang = uiLanguage(), message: t = uiText }: SummaryOptions = {},
): string[] {
  const items: string[] = [];
  const counted = (n: number, text: (number: string) => string) => {
    if (n > 0) items.push(pluralForm(text(formatNumber(n, lang)), n, lang));
  };
  counted(counts.glossaryDefaults, (n) =>
    t('bkItemGlossaries', 'one=$1 default glossary|other=$1 default glossaries', n),
  );
  counted(counts.siteRules, (n) => t('bkItemSiteRules', 'one=$1 site rule|other=$1 site rules', n));
  counted(counts.languageRules, (n) => t('bkItemLanguageRules', 'one=$1 language rule|other=$1 language rules', n));
  counted(counts.dictionaryWords ?? 0, (n) =>
    t('bkItemDictionary', 'one=$1 word of the personal dictionary|other=$1 words of the personal dictionary', n),
  );
  counted(counts.pdfReaderSites ?? 0, (n) =>
    t(
      'bkItemPdfSites',
      "one=$1 site whose PDFs open in Verso's reader|other=$1 sites whose PDFs open in Verso's reader",
      n,
    ),
  );
  counted(counts.videoSites ?? 0, (n) =>
    t('bkItemVideoSites', 'one=$1 site with translated subtitles|other=$1 sites with translated subtitles', n),
  );
  if (counts.defaults)
    items.push(
      t(
        'bkItemDefaults',
        'your defaults (translate into $1)',
        displayLanguageName(counts.defaults.targetLang, undefined, lang),
      ),
    );
  return items;
}

/** Items joined as the UI language joins a list ("a, b and c"; "a, b und c"; "a、b、c"). */
export function joinList(items: string[], lang: string): string {
  try {
    return new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** The sentence shown once a file's settings were written: "Imported 1 default glossary, 3 site rules and your defaults (…)." */
export function importedSentence(counts: ImportCounts, options: SummaryOptions = {}): string {
  const { lang = uiLanguage(), message: t = uiText } = options;
  const items = importItems(counts, { lang, message: t });
  if (items.length === 0) return nothingSentence(t);
  return t('bkImportedSummary', 'Imported $1. Your keys were kept.', joinList(items, lang));
}

/** The sentence shown before importing: "settings.json holds 3 site rules and your defaults (…)." */
export function previewSentence(fileName: string, counts: ImportCounts, options: SummaryOptions = {}): string {
  const { lang = uiLanguage(), message: t = uiText } = options;
  const items = importItems(counts, { lang, message: t });
  if (items.length === 0) return nothingSentence(t);
  return t('bkPreviewSummary', '$1 holds $2.', [fileName, joinList(items, lang)]);
}

export function nothingSentence(t: Message = uiText): string {
  return t('bkNothing', 'Nothing to import: the file has no settings Verso knows.');
}
