import { browser } from 'wxt/browser';

/**
 * UI text through the browser's i18n (public/_locales). The English text is given inline as the
 * fallback, so a key missing from a locale still reads well, and the code says what it shows.
 */
export function t(key: string, fallback: string, substitutions?: string | string[]): string {
  try {
    // Keys are checked against the catalogs by lib/ui/i18n-catalog.test.ts, not by the type system.
    const getMessage = browser.i18n?.getMessage as ((key: string, subs?: string | string[]) => string) | undefined;
    const message = getMessage?.(key, substitutions);
    if (message) return message;
  } catch {
    // Outside an extension context (unit tests): fall back.
  }
  if (substitutions === undefined) return fallback;
  const subs = Array.isArray(substitutions) ? substitutions : [substitutions];
  return fallback.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}

/** The language Verso's UI is shown in: the browser's, as its i18n reports it. */
export function uiLanguage(): string {
  try {
    const lang = browser.i18n?.getUILanguage?.();
    if (lang) return lang;
  } catch {
    // Outside an extension context (unit tests).
  }
  return 'en';
}

/** A count as the person reads numbers in the UI language (1,234 in English, 1.234 in German). */
export function formatNumber(value: number): string {
  try {
    return value.toLocaleString(uiLanguage());
  } catch {
    return value.toLocaleString('en');
  }
}
