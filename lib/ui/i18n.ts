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
