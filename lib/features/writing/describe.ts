import { signal } from '@preact/signals';
import type { ErrorInfo } from '../../messaging/result.ts';
import { describeError } from '../../ui/describe-error.ts';
import { t } from '../../ui/i18n.ts';

/** Person-readable wording of writing errors; `languages` names what writing help supports. */
export function describeWritingError(error: ErrorInfo, languages: readonly string[] = []): string {
  switch (error.code) {
    case 'paid_only':
      return t(
        'writingPaidOnly',
        'Writing help needs a paid API key: text improvement is not part of the free tier. Enter a paid key in Verso options.',
      );
    case 'unsupported_language': {
      const base = t('writingUnsupportedLanguage', 'Writing help does not support the language of this text.');
      const list = languages.length ? ` ${t('writingSupportedList', 'Supported: $1.', languages.join(', '))}` : '';
      return `${base}${list}${error.message ? ` (${error.message})` : ''}`;
    }
    case 'site_disabled':
      return t('writingSiteDisabled', 'Writing help is turned off for this site.');
    case 'bad_request':
      // The service's own words say what is wrong ("Text 1 is in DE, but target_lang is en-US"), its
      // detail often what to do.
      return [error.message, error.detail].filter(Boolean).join('. ') || describeError(error);
    default:
      return describeError(error);
  }
}

/** Why checking as you type stopped on this page (the quota used up, a free key, a refused key). */
export function describeTypingStop(error: ErrorInfo): string {
  if (error.code !== 'quota_exceeded') return describeWritingError(error);
  return t(
    'writingTypingQuota',
    'The character quota is used up, so Verso stopped checking as you type on this page. Check your usage in Verso options.',
  );
}

/** What checking says on the field, once per page: the first thing said stays said. */
export class OnceNotice {
  readonly text = signal<string | null>(null);
  private said = false;

  say(text: string): void {
    if (this.said) return;
    this.said = true;
    this.text.value = text;
  }

  dismiss(): void {
    this.text.value = null;
  }
}
