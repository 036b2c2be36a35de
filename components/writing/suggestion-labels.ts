import type { Suggestion } from '../../lib/features/writing/check-suggestions.ts';
import { t } from '../../lib/ui/i18n.ts';

/** A suggestion's kind as the card names it. */
export function kindLabel(kind: string): string {
  switch (kind) {
    case 'spelling':
      return t('writingKindSpelling', 'Spelling');
    case 'grammar':
      return t('writingKindGrammar', 'Grammar');
    case 'punctuation':
      return t('writingKindPunctuation', 'Punctuation');
    default:
      return t('writingKindStyle', 'Style');
  }
}

/** Spaces alone are shown as the sign for a space, so "remove a space" is visible. */
export function shown(text: string): string {
  return text.trim() === '' ? text.replace(/ /g, '␣').replace(/\n/g, '↵') : text;
}

/** How a change reads in a label: “recieve” → “receive”, or “ ” removed. */
export function changeLabel(s: Pick<Suggestion, 'original' | 'replacement'>): string {
  if (!s.replacement) return t('writingCardRemove', 'Remove “$1”', shown(s.original));
  if (!s.original) return t('writingCardInsert', 'Add “$1”', shown(s.replacement));
  return t('writingCardReplace', '“$1” → “$2”', [shown(s.original), shown(s.replacement)]);
}
