import { browser } from 'wxt/browser';

/**
 * UI text through the browser's i18n (public/_locales). The English text is given inline as the
 * fallback, so a key missing from a locale still reads well, and the code says what it shows.
 */
export function t(key: string, fallback: string, substitutions?: string | string[]): string {
  const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  const template = templateOf(key, subs.length);
  if (template !== undefined) {
    return subs.length === 0 ? template : template.replace(SLOT, (_, n: string) => subs[Number(n) - 1] ?? '');
  }
  if (subs.length === 0) return fallback;
  return fallback.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}

/** Where a substitution goes in a kept message: characters no catalog uses. */
const slot = (n: number) => `\uE000${n}\uE001`;
const SLOT = /\uE000(\d)\uE001/g;

/**
 * The message for `key` with `count` substitutions, asked of the browser once per context with slots in
 * their places: a context's catalog does not change while it lives, and asking is a call into the
 * browser (a counter's label asks with a new number at every answer). Undefined when the catalog has no
 * such message, or outside an extension context (unit tests).
 */
function templateOf(key: string, count: number): string | undefined {
  const asked = count === 0 ? key : `${key}\u0000${count}`;
  const kept = messages.get(asked);
  if (kept !== undefined) return kept;
  try {
    // Keys are checked against the catalogs by lib/ui/i18n-catalog.test.ts, not by the type system.
    const getMessage = browser.i18n?.getMessage as ((key: string, subs?: string | string[]) => string) | undefined;
    const message =
      count === 0
        ? getMessage?.(key)
        : getMessage?.(
            key,
            Array.from({ length: count }, (_, i) => slot(i + 1)),
          );
    if (message) {
      if (messages.size >= MAX_MESSAGES) messages.clear();
      messages.set(asked, message);
      return message;
    }
  } catch {
    // Outside an extension context (unit tests): the fallback.
  }
  return undefined;
}

/** Messages as the browser gave them, by key and number of substitutions. */
const messages = new Map<string, string>();
const MAX_MESSAGES = 500;

/**
 * A build made for store screenshots names the language it is shot in (scripts/store-screenshots.ts):
 * headless Chromium shows the catalog `--lang` picks but reports en-US as its UI language. Empty in
 * every other build.
 */
const SCREENSHOT_LANGUAGE = (import.meta.env as Record<string, string | undefined>).VITE_VERSO_SCREENSHOT_LANGUAGE;

/**
 * The language Verso's UI is shown in: the browser's, as its i18n reports it, unless the catalog the
 * browser picked for Verso's text is in another language. Contexts do not always agree on the first: a
 * service worker started with the browser can report en-US while every page reports de-DE and the
 * German catalog is in use, and then a selection would be translated into English inside a German UI.
 * The catalog names its own language (`uiLocale`), so every context answers alike.
 */
export function uiLanguage(): string {
  if (SCREENSHOT_LANGUAGE) return SCREENSHOT_LANGUAGE;
  if (known !== undefined) return known;
  let reported = '';
  try {
    reported = browser.i18n?.getUILanguage?.() ?? '';
  } catch {
    // Outside an extension context (unit tests).
  }
  known = pickUiLanguage(reported, t('uiLocale', 'en'));
  return known;
}

/**
 * The UI language, once asked in this context: neither the browser's language nor the catalog it picked
 * for Verso changes while an extension context lives, and asking is not free in a page (about 0.1 ms a
 * call in a content script; counters and cards ask on every render while people type).
 */
let known: string | undefined;

/** Asks the browser again at the next `uiLanguage()`: for unit tests that stand in for its language. */
export function forgetUiLanguage(): void {
  known = undefined;
}

/**
 * The browser's reported language where it agrees with the catalog's (it keeps the region: en-GB,
 * pt-PT), else the catalog's. The English catalog is also the one shown for languages Verso has no
 * catalog for, so under it the browser's report stands (a Swedish browser still translates into Swedish).
 */
export function pickUiLanguage(reported: string, catalog: string): string {
  const base = (code: string) => code.toLowerCase().split(/[-_]/)[0] ?? '';
  if (!reported) return catalog || 'en';
  if (!catalog || base(catalog) === 'en' || base(catalog) === base(reported)) return reported;
  return catalog;
}

/** A count as the person reads numbers in the UI language (1,234 in English, 1.234 in German). */
export function formatNumber(value: number, lang = uiLanguage()): string {
  return numberFormat(lang).format(value);
}

/**
 * `make(lang)` once per language, kept (making an Intl object costs far more than using it, and counters
 * redraw as people type); English where `lang` is not one Intl takes.
 */
export function perLanguage<T>(make: (lang: string) => T): (lang: string) => T {
  const made = new Map<string, T>();
  return (lang) => {
    let kept = made.get(lang);
    if (kept === undefined) {
      try {
        kept = make(lang);
      } catch {
        kept = make('en');
      }
      made.set(lang, kept);
    }
    return kept;
  };
}

const numberFormat = perLanguage((lang) => new Intl.NumberFormat(lang));

/**
 * A date (ISO string, Date or epoch milliseconds) as the person reads dates in the UI language
 * ("1. Nov. 2026" in German). An invalid date gives ''.
 */
export function formatDate(
  value: string | number | Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  lang = uiLanguage(),
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(lang, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}

/** Language names by UI language, made once each. */
const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A language's name in the UI language ("Amerikanisches Englisch" for en-US in German), from the
 * browser's own data (Intl.DisplayNames); `fallback` (the service's English name) when it has none.
 */
export function displayLanguageName(code: string, fallback?: string, lang = uiLanguage()): string {
  try {
    let names = displayNames.get(lang);
    if (!names) {
      names = new Intl.DisplayNames([lang], { type: 'language', fallback: 'none' });
      displayNames.set(lang, names);
    }
    const name = names.of(code);
    if (name) return name;
  } catch {
    // A code Intl cannot parse: keep the service's name.
  }
  return fallback ?? code.toUpperCase();
}

/** A share (0.42) as a whole percentage in the UI language ("42 %" in German, "42%" in English, "%42" in Turkish). */
export function formatPercent(share: number, lang = uiLanguage()): string {
  const options: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: 0 };
  try {
    return new Intl.NumberFormat(lang, options).format(share);
  } catch {
    return new Intl.NumberFormat('en', options).format(share);
  }
}

/**
 * A file size in the UI language: kilobytes below a megabyte (at least 1 kB), megabytes with one
 * decimal above ("12 kB", "1.5 MB"; "1,5 MB" in German). A kilobyte is 1024 bytes here, as elsewhere in Verso.
 */
export function formatFileSize(bytes: number, lang = uiLanguage()): string {
  const mega = 1024 * 1024;
  const [value, unit, digits] =
    bytes < mega ? [Math.max(1, Math.round(bytes / 1024)), 'kilobyte', 0] : [bytes / mega, 'megabyte', 1];
  const options: Intl.NumberFormatOptions = {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  };
  try {
    return new Intl.NumberFormat(lang, options).format(value);
  } catch {
    return new Intl.NumberFormat('en', options).format(value);
  }
}
