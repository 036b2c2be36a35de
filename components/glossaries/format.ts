import type { GlossaryDictionarySummary } from '../../lib/db/index.ts';

export const pairLabel = (d: { source_lang: string; target_lang: string }) =>
  `${d.source_lang.toUpperCase()} → ${d.target_lang.toUpperCase()}`;

export const totalEntries = (dictionaries: readonly GlossaryDictionarySummary[]) =>
  dictionaries.reduce((sum, d) => sum + d.entry_count, 0);

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export const formatTime = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
