import type { HistoryEntry } from './store.ts';

const COLUMNS = ['at', 'origin', 'site', 'sourceLang', 'targetLang', 'text', 'translation', 'context'] as const;

/** A CSV field: quoted when it holds a separator, quote or line break; a leading = + - @ is defused for spreadsheets. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The history as CSV (RFC 4180, one header row), times in ISO 8601. */
export function historyCsv(entries: readonly HistoryEntry[]): string {
  const rows = entries.map((e) =>
    COLUMNS.map((c) => field(c === 'at' ? new Date(e.at).toISOString() : String(e[c] ?? ''))).join(','),
  );
  return `${[COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/** The history as JSON, times in ISO 8601. */
export function historyJson(entries: readonly HistoryEntry[]): string {
  return JSON.stringify(
    entries.map(({ id: _id, at, ...rest }) => ({ at: new Date(at).toISOString(), ...rest })),
    null,
    2,
  );
}
