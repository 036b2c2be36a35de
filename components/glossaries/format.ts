import type { GlossaryDictionarySummary } from '../../lib/db/index.ts';
import { formatDate as uiDate } from '../../lib/ui/i18n.ts';

export const pairLabel = (d: { source_lang: string; target_lang: string }) =>
  `${d.source_lang.toUpperCase()} → ${d.target_lang.toUpperCase()}`;

export const totalEntries = (dictionaries: readonly GlossaryDictionarySummary[]) =>
  dictionaries.reduce((sum, d) => sum + d.entry_count, 0);

/** A date in the UI language. */
export const formatDate = (iso: string): string => uiDate(iso, { dateStyle: 'medium' });

/** A date and time in the UI language. */
export const formatTime = (ms: number) => uiDate(ms, { dateStyle: 'medium', timeStyle: 'short' });
