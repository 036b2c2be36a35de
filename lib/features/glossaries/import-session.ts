import type { Slicing } from '../../page/schedule.ts';
import {
  type EntriesFormat,
  type EntryProblem,
  type ParsedEntries,
  parseEntries,
  parseEntriesSliced,
} from './entries.ts';
import type { LanguagePair } from './types.ts';

/**
 * An import being checked before anything is sent: the file's lines, numbered as the parser numbers
 * them, so each problem points at a line the person can fix or skip. Skipped lines become empty (the
 * parser ignores empty lines), which keeps every other line's number.
 */
export interface ImportState {
  lines: string[];
  format: EntriesFormat;
  fileName?: string;
  /** Lines the person chose to skip. */
  skipped: number[];
}

/** Same line splitting as lib/features/glossaries/entries.ts: BOM dropped, any line ending. */
export function fromText(text: string, format: EntriesFormat, fileName?: string): ImportState {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return { lines: body.replace(/\r\n?/g, '\n').split('\n'), format, skipped: [], ...(fileName ? { fileName } : {}) };
}

export const textOf = (state: ImportState) => state.lines.join('\n');

const parseOptions = (state: ImportState, pair?: Partial<LanguagePair>) => ({
  format: state.format,
  ...(pair?.source_lang ? { sourceLang: pair.source_lang } : {}),
  ...(pair?.target_lang ? { targetLang: pair.target_lang } : {}),
});

export function check(state: ImportState, pair?: Partial<LanguagePair>): ParsedEntries {
  return parseEntries(textOf(state), parseOptions(state, pair));
}

/** `check` in slices, for long files: the page stays responsive; `signal` abandons it. */
export function checkSliced(
  state: ImportState,
  pair: Partial<LanguagePair> | undefined,
  run: { slicing: Slicing; signal?: AbortSignal; onProgress?: (checked: number, total: number) => void },
): Promise<ParsedEntries> {
  return parseEntriesSliced(textOf(state), { ...parseOptions(state, pair), ...run });
}

/** The text of a 1-based line, or '' past the end. */
export const lineText = (state: ImportState, line: number) => state.lines[line - 1] ?? '';

/** Replaces one line with the person's correction. */
export function fixLine(state: ImportState, line: number, text: string): ImportState {
  if (line < 1 || line > state.lines.length) return state;
  // A correction may not smuggle in new lines: that would renumber everything below it.
  const single = text.replace(/[\r\n]+/g, ' ');
  const lines = state.lines.slice();
  lines[line - 1] = single;
  return { ...state, lines, skipped: state.skipped.filter((l) => l !== line) };
}

export function skipLines(state: ImportState, toSkip: readonly number[]): ImportState {
  const lines = state.lines.slice();
  for (const line of toSkip) if (line >= 1 && line <= lines.length) lines[line - 1] = '';
  return { ...state, lines, skipped: [...new Set([...state.skipped, ...toSkip])].sort((a, b) => a - b) };
}

/** Each bad line once, with all its reasons, in line order. */
export function problemsByLine(problems: readonly EntryProblem[]): Array<{ line: number; reasons: string[] }> {
  const byLine = new Map<number, string[]>();
  for (const p of problems) byLine.set(p.line, [...(byLine.get(p.line) ?? []), p.reason]);
  return [...byLine].sort((a, b) => a[0] - b[0]).map(([line, reasons]) => ({ line, reasons }));
}

/** The format a file name promises, if any. */
export function formatFromFileName(name: string): EntriesFormat | undefined {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'tsv' || ext === 'tab') return 'tsv';
  if (ext === 'csv') return 'csv';
  return undefined;
}

/** For a file without a telling name: TSV when its first non-empty line has a tab, else CSV. */
export function sniffFormat(text: string): EntriesFormat {
  const first = text.split(/\r\n?|\n/).find((l) => l.trim() !== '') ?? '';
  return first.includes('\t') || !first.includes(',') ? 'tsv' : 'csv';
}
