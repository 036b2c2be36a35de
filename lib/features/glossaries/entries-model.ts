import { computed, effect, signal } from '@preact/signals';
import type { Slicing } from '../../page/schedule.ts';
import { passSlicing } from '../page-translate/yield.ts';
import { type EntriesFormat, type ParsedEntries, serializeEntries } from './entries.ts';
import {
  check,
  checkSliced,
  fixLine,
  formatFromFileName,
  fromText,
  type ImportState,
  problemsByLine,
  skipLines,
  sniffFormat,
  textOf,
} from './import-session.ts';
import type { LanguagePair } from './types.ts';

/**
 * Texts up to this many characters are checked at once, as the person types; longer ones (files of up
 * to 10 MB) in slices, so the page keeps answering while they are checked.
 */
export const CHECK_AT_ONCE_CHARS = 100_000;

/** Progress of a check in slices: non-empty lines checked of all of them. */
export interface CheckProgress {
  checked: number;
  total: number;
}

const NOTHING: ParsedEntries = { entries: [], problems: [], ignoredLines: [] };

/**
 * Entries being typed or imported, checked with every entry rule before anything is sent. A loaded file
 * keeps the previous text so "Cancel" can bring it back. `dispose` stops a check still running.
 */
export function createEntriesModel(options: { slicing?: Slicing } = {}) {
  const slicing = options.slicing ?? passSlicing;
  const state = signal<ImportState>(fromText('', 'tsv'));
  const before = signal<ImportState | undefined>(undefined);
  const pair = signal<Partial<LanguagePair>>({});
  /** Problems are shown after a file is loaded or a send was attempted, not while typing. */
  const showProblems = signal(false);
  const text = computed(() => textOf(state.value));
  /** The check of the current text and pair; while `checking` is set, that of an earlier text. */
  const result = signal<ParsedEntries>(NOTHING);
  /** Set while a long text is being checked: nothing can be sent until it is done. */
  const checking = signal<CheckProgress | undefined>(undefined);
  const badLines = computed(() => problemsByLine(result.value.problems));
  const blocked = computed(
    () => checking.value !== undefined || result.value.problems.length > 0 || result.value.sizeProblem !== undefined,
  );

  let running: AbortController | undefined;
  const dispose = effect(() => {
    const current = state.value;
    const currentPair = pair.value;
    running?.abort();
    running = undefined;
    if (text.value.length <= CHECK_AT_ONCE_CHARS) {
      checking.value = undefined;
      result.value = check(current, currentPair);
      return;
    }
    const run = new AbortController();
    running = run;
    checking.value = { checked: 0, total: 0 };
    checkSliced(current, currentPair, {
      slicing,
      signal: run.signal,
      onProgress: (checked, total) => {
        if (running === run) checking.value = { checked, total };
      },
    }).then(
      (parsed) => {
        if (running !== run) return;
        running = undefined;
        result.value = parsed;
        checking.value = undefined;
      },
      () => {
        // Abandoned for a newer text: that check reports.
      },
    );
  });

  return {
    state,
    pair,
    showProblems,
    text,
    result,
    checking,
    badLines,
    blocked,
    /** True while a loaded file is being reviewed. */
    importing: computed(() => before.value !== undefined),
    setText(value: string) {
      state.value = fromText(value, state.value.format, state.value.fileName);
    },
    setFormat(format: EntriesFormat) {
      state.value = { ...state.value, format };
    },
    loadFile(name: string, value: string) {
      before.value ??= state.value;
      state.value = fromText(value, formatFromFileName(name) ?? sniffFormat(value), name);
      showProblems.value = true;
    },
    fixLine(line: number, value: string) {
      state.value = fixLine(state.value, line, value);
    },
    skipBadLines() {
      state.value = skipLines(
        state.value,
        badLines.value.map((p) => p.line),
      );
    },
    /** Drops the loaded file (or, for typed text, everything typed). */
    cancel() {
      state.value = before.value ?? fromText('', state.value.format);
      before.value = undefined;
      showProblems.value = false;
    },
    reset() {
      state.value = fromText('', 'tsv');
      before.value = undefined;
      showProblems.value = false;
    },
    /**
     * The valid entries as TSV, or undefined (and problems shown) when something must be fixed first or
     * the check has not finished.
     */
    validTsv(): string | undefined {
      showProblems.value = true;
      if (blocked.value || result.value.entries.length === 0) return undefined;
      return serializeEntries(result.value.entries, 'tsv');
    },
    dispose() {
      dispose();
      running?.abort();
      running = undefined;
    },
  };
}

export type EntriesModel = ReturnType<typeof createEntriesModel>;
