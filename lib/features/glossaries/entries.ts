import Papa from 'papaparse';
import { isLanguageCode } from '../../api/language-code.ts';
import { utf8Length } from '../../api/utf8.ts';
import { runAll, runSliced, type Slicing, type Steps } from '../../dom/schedule.ts';

/**
 * Glossary dictionary entries in TSV and CSV (docs/contract.md §2.3). Shared by the local service and the
 * extension's importer, so it uses only web-platform APIs.
 *
 * Parsing never throws: it returns the valid entries together with every problem found, each tied to
 * its 1-based line, so a UI can offer to skip the bad lines. A dictionary may be 10 MB: a page parses
 * it in slices (`parseEntriesSliced`) so it stays responsive; the service parses it in one go.
 */

export type EntriesFormat = 'tsv' | 'csv';

/**
 * What separates the fields of a CSV line: a comma as the contract's CSV has it, or a semicolon, as
 * spreadsheets save "CSV" where the comma is the decimal sign (German, French, Polish Excel...).
 */
export type CsvDelimiter = ',' | ';';

export interface GlossaryEntry {
  source: string;
  target: string;
}

export interface EntryProblem {
  /** 1-based line of the input (after a leading byte-order mark is dropped). */
  line: number;
  reason: string;
}

export interface ParsedEntries {
  /** Valid entries in input order. */
  entries: GlossaryEntry[];
  problems: EntryProblem[];
  /** CSV lines whose language columns name another pair: skipped by the contract, not errors. */
  ignoredLines: number[];
  /** Set when the whole text is over the dictionary size limit. */
  sizeProblem?: string;
}

export interface ParseOptions {
  format?: EntriesFormat;
  /** CSV only: the field separator, a comma unless told. */
  delimiter?: CsvDelimiter;
  /** The dictionary's pair; CSV lines that carry another pair are ignored. */
  sourceLang?: string;
  targetLang?: string;
  /** Told after each batch of lines: how many of the non-empty lines are checked so far. */
  onProgress?: (checked: number, total: number) => void;
}

/** docs/contract.md §8: 10 MB per dictionary. Read as decimal megabytes, the stricter reading. */
export const MAX_DICTIONARY_BYTES = 10_000_000;
export const MAX_PHRASE_BYTES = 1024;

/** Code units counted between two chances to yield (a few milliseconds). */
const COUNT_CHUNK = 1 << 20;

/** `utf8Length` of the whole text as steps; a surrogate pair is never cut between two steps. */
function* utf8LengthSteps(text: string): Steps<number> {
  let bytes = 0;
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + COUNT_CHUNK, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    bytes += utf8Length(text, start, end);
    start = end;
    yield;
  }
  return bytes;
}

// Cc covers C0, DEL and C1 (tab, CR, LF and NEL among them); LS and PS are the other Unicode newlines.
const FORBIDDEN_CHAR = /[\p{Cc}\u2028\u2029]/u;
const EDGE_SPACE = /^\p{White_Space}|\p{White_Space}$/u;

function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why a phrase breaks the content rules (rules 2 to 5 of docs/contract.md §2.3), or undefined when it is valid. */
export function phraseProblem(phrase: string): string | undefined {
  if (phrase === '') return 'is empty';
  const forbidden = FORBIDDEN_CHAR.exec(phrase);
  if (forbidden) return `contains the control or line-break character ${codePointName(forbidden[0])}`;
  if (EDGE_SPACE.test(phrase)) return 'has leading or trailing whitespace';
  const bytes = utf8Length(phrase);
  if (bytes > MAX_PHRASE_BYTES) return `is ${bytes} UTF-8 bytes long (at most ${MAX_PHRASE_BYTES})`;
  return undefined;
}

/** Checks both phrases of one entry; one problem per bad phrase. */
function entryProblems(line: number, source: string, target: string): EntryProblem[] {
  const out: EntryProblem[] = [];
  const s = phraseProblem(source);
  if (s) out.push({ line, reason: `source phrase ${s}` });
  const t = phraseProblem(target);
  if (t) out.push({ line, reason: `target phrase ${t}` });
  return out;
}

interface RawLine {
  line: number;
  text: string;
}

function splitLines(text: string): RawLine[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // Phrases can never contain a line break, so every physical line is one entry (or a problem).
  return body
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((t, i) => ({ line: i + 1, text: t }))
    .filter((l) => l.text !== '');
}

/**
 * Standard CSV quoting (RFC 4180) on one line: papaparse accepts a bare quote inside an unquoted field
 * and text after a closing quote, and an unclosed quote makes it swallow the rest of the file. Checking
 * each line first keeps every problem on its own line.
 */
export function csvQuotingProblem(line: string, delimiter: CsvDelimiter = ','): string | undefined {
  let field = 1;
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length)
          return `field ${field}: the quoted field is not closed on this line (a phrase cannot contain a line break)`;
        if (line[i] === '"') {
          if (line[i + 1] === '"') i += 2;
          else break;
        } else i++;
      }
      i++; // past the closing quote
      if (i < line.length && line[i] !== delimiter)
        return `field ${field}: unexpected text after the closing double quote`;
    } else {
      const end = line.indexOf(delimiter, i);
      const stop = end === -1 ? line.length : end;
      if (line.slice(i, stop).includes('"'))
        return `field ${field}: a field that contains a double quote must be enclosed in double quotes`;
      i = stop;
    }
    if (i >= line.length) return undefined;
    i++; // past the separator
    field++;
  }
}

interface Candidate {
  line: number;
  source: string;
  target: string;
}

function tsvCandidates(lines: RawLine[], problems: EntryProblem[]): Candidate[] {
  const out: Candidate[] = [];
  for (const { line, text } of lines) {
    const fields = text.split('\t');
    if (fields.length !== 2) {
      problems.push({
        line,
        reason: `expected a source and a target phrase separated by one tab, found ${fields.length} field${fields.length === 1 ? '' : 's'}`,
      });
      continue;
    }
    out.push({ line, source: fields[0] ?? '', target: fields[1] ?? '' });
  }
  return out;
}

function csvCandidates(
  lines: RawLine[],
  options: ParseOptions,
  problems: EntryProblem[],
  ignoredLines: number[],
): Candidate[] {
  const delimiter = options.delimiter ?? ',';
  const wellQuoted: RawLine[] = [];
  for (const raw of lines) {
    const quoting = csvQuotingProblem(raw.text, delimiter);
    if (quoting) problems.push({ line: raw.line, reason: quoting });
    else wellQuoted.push(raw);
  }
  if (wellQuoted.length === 0) return [];
  // Every remaining line is closed on itself, so papaparse yields exactly one row per line.
  const rows = Papa.parse<string[]>(wellQuoted.map((l) => l.text).join('\n'), { delimiter, newline: '\n' }).data;
  const out: Candidate[] = [];
  wellQuoted.forEach(({ line }, index) => {
    const fields = rows[index] ?? [];
    if (fields.length !== 2 && fields.length !== 4) {
      problems.push({
        line,
        reason: `expected 2 fields (source, target) or 4 (source, target, source language, target language), found ${fields.length}`,
      });
      return;
    }
    const [source = '', target = '', sourceLang, targetLang] = fields;
    if (sourceLang !== undefined && targetLang !== undefined) {
      if (!isLanguageCode(sourceLang) || !isLanguageCode(targetLang)) {
        problems.push({ line, reason: 'fields 3 and 4 must be the source and target language codes' });
        return;
      }
      if (!samePair(sourceLang, targetLang, options)) {
        ignoredLines.push(line);
        return;
      }
    }
    out.push({ line, source, target });
  });
  return out;
}

function samePair(sourceLang: string, targetLang: string, options: ParseOptions): boolean {
  const same = (a: string, b: string | undefined) => b === undefined || a.toLowerCase() === b.toLowerCase();
  return same(sourceLang, options.sourceLang) && same(targetLang, options.targetLang);
}

/** Lines checked between two chances to yield: a fraction of a millisecond of work. */
const BATCH_LINES = 256;

/** The parser as steps: it yields while counting bytes, after splitting, and after every batch of lines. */
export function* parseEntriesSteps(text: string, options: ParseOptions = {}): Steps<ParsedEntries> {
  const problems: EntryProblem[] = [];
  const ignoredLines: number[] = [];
  const bytes = yield* utf8LengthSteps(text);
  const sizeProblem =
    bytes > MAX_DICTIONARY_BYTES
      ? `the dictionary is ${bytes} bytes; at most ${MAX_DICTIONARY_BYTES} bytes are allowed`
      : undefined;

  const lines = splitLines(text);
  yield;

  const firstLineOf = new Map<string, number>();
  const entries: GlossaryEntry[] = [];
  for (let start = 0; start < lines.length; start += BATCH_LINES) {
    // Lines are independent until duplicates, which the map tracks across batches.
    const batch = lines.slice(start, start + BATCH_LINES);
    const candidates =
      options.format === 'csv' ? csvCandidates(batch, options, problems, ignoredLines) : tsvCandidates(batch, problems);
    for (const { line, source, target } of candidates) {
      const bad = entryProblems(line, source, target);
      if (bad.length > 0) {
        problems.push(...bad);
        continue;
      }
      const first = firstLineOf.get(source);
      if (first !== undefined) {
        problems.push({ line, reason: `duplicate source phrase "${source}" (first on line ${first})` });
        continue;
      }
      firstLineOf.set(source, line);
      entries.push({ source, target });
    }
    options.onProgress?.(start + batch.length, lines.length);
    yield;
  }
  // Stable: the problems of one line keep the order they were found in.
  problems.sort((a, b) => a.line - b.line);
  return { entries, problems, ignoredLines, ...(sizeProblem ? { sizeProblem } : {}) };
}

/** Parses and validates dictionary entries. Never throws. */
export function parseEntries(text: string, options: ParseOptions = {}): ParsedEntries {
  return runAll(parseEntriesSteps(text, options));
}

/**
 * The same as `parseEntries`, in slices of a few milliseconds with the event loop handed back in
 * between (a page stays responsive while a 10 MB dictionary is checked). `signal` stops it: the
 * promise then rejects with the signal's reason.
 */
export async function parseEntriesSliced(
  text: string,
  options: ParseOptions & { slicing: Slicing; signal?: AbortSignal },
): Promise<ParsedEntries> {
  const { slicing, signal, ...parse } = options;
  const steps = parseEntriesSteps(text, parse);
  return runSliced(
    (function* () {
      for (;;) {
        signal?.throwIfAborted();
        const step = steps.next();
        if (step.done) return step.value;
        yield;
      }
    })(),
    slicing,
  );
}

/** "line 3: source phrase is empty; line 9: ..." with at most `max` problems and a count of the rest. */
export function describeProblems(problems: readonly EntryProblem[], max = 10): string {
  const shown = problems.slice(0, max).map((p) => `line ${p.line}: ${p.reason}`);
  const rest = problems.length - shown.length;
  return rest > 0 ? `${shown.join('; ')}; and ${rest} more` : shown.join('; ');
}

/**
 * Serialises valid entries (one per line, no trailing newline). Throws on a phrase that no line-based
 * format can hold, i.e. one with a line break, or a tab in TSV: the content rules forbid both.
 */
export function serializeEntries(entries: readonly GlossaryEntry[], format: EntriesFormat = 'tsv'): string {
  for (const { source, target } of entries) {
    for (const phrase of [source, target]) {
      if (/[\r\n]/.test(phrase) || (format === 'tsv' && phrase.includes('\t')))
        throw new Error(`Phrase cannot be written as ${format.toUpperCase()}: ${JSON.stringify(phrase)}`);
    }
  }
  const text =
    format === 'tsv'
      ? entries.map((e) => `${e.source}\t${e.target}`).join('\n')
      : Papa.unparse(
          entries.map((e) => [e.source, e.target]),
          { delimiter: ',', newline: '\n', quotes: false, escapeFormulae: false },
        );
  // A first phrase that starts with U+FEFF would be read back as a byte-order mark and lose it: a real
  // mark in front keeps it.
  return text.startsWith('\uFEFF') ? `\uFEFF${text}` : text;
}
