import Papa from 'papaparse';
import { baseOf } from '../../languages/index.ts';
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

/** Column names people give the two (or four) columns of a glossary spreadsheet. */
const HEADER_WORDS = new Set([
  'source',
  'target',
  'term',
  'terms',
  'translation',
  'translations',
  'source term',
  'target term',
  'source phrase',
  'target phrase',
  'source text',
  'target text',
  'original',
  'from',
  'to',
  'src',
  'tgt',
  'source lang',
  'target lang',
  'source language',
  'target language',
  'sourcelang',
  'targetlang',
  'language',
  'lang',
]);

/** Languages whose names are recognised in a header when the dictionary's pair is not chosen yet. */
const COMMON_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'ja', 'zh', 'ko', 'sv', 'da', 'fi'];

const normal = (field: string) =>
  field
    .trim()
    .toLowerCase()
    .replace(/[_\-\s]+/g, ' ');

/** The names of a language a person might write: its code, and its name in English, in itself and in `ui`. */
function languageLabels(code: string, ui: string): Set<string> {
  const labels = new Set([normal(code), normal(baseOf(code))]);
  for (const locale of ['en', code, ui]) {
    try {
      const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
      if (name) labels.add(normal(name));
    } catch {
      // A code Intl does not know: its code is label enough.
    }
  }
  return labels;
}

function fieldsOf(line: string, format: EntriesFormat): string[] {
  if (format === 'tsv') return line.split('\t');
  return Papa.parse<string[]>(line, { delimiter: ',', newline: '\n' }).data[0] ?? [];
}

/**
 * The line number of a header row, when the first non-empty line names columns instead of giving an
 * entry: `source,target`, `source,target,source_lang,target_lang`, or the two languages by name or code
 * (`English,German`; those of the dictionary's pair when it is known). Imported as an entry, a header
 * would rewrite every "source" in translations, so the person is asked.
 */
export function headerLine(state: ImportState, pair: Partial<LanguagePair> = {}, ui = 'en'): number | undefined {
  const index = state.lines.findIndex((l) => l.trim() !== '');
  if (index === -1) return undefined;
  const fields = fieldsOf(state.lines[index] ?? '', state.format).map(normal);
  if (fields.length !== 2 && fields.length !== 4) return undefined;
  const [first = '', second = ''] = fields;
  if (HEADER_WORDS.has(first) && HEADER_WORDS.has(second)) return index + 1;
  const names = (code: string | undefined) =>
    code ? languageLabels(code, ui) : new Set(COMMON_LANGUAGES.flatMap((c) => [...languageLabels(c, ui)]));
  if (names(pair.source_lang).has(first) && names(pair.target_lang).has(second)) return index + 1;
  return undefined;
}
