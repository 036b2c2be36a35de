import { computed, signal } from '@preact/signals';
import { type EntriesFormat, serializeEntries } from '../../glossary/entries.ts';
import {
  check,
  fixLine,
  formatFromFileName,
  fromText,
  type ImportState,
  problemsByLine,
  skipLines,
  sniffFormat,
} from './import-session.ts';
import type { LanguagePair } from './types.ts';

/**
 * Entries being typed or imported, checked with every entry rule before anything is sent. A loaded file
 * keeps the previous text so "Cancel" can bring it back.
 */
export function createEntriesModel() {
  const state = signal<ImportState>(fromText('', 'tsv'));
  const before = signal<ImportState | undefined>(undefined);
  const pair = signal<Partial<LanguagePair>>({});
  /** Problems are shown after a file is loaded or a send was attempted, not while typing. */
  const showProblems = signal(false);
  const result = computed(() => check(state.value, pair.value));
  const badLines = computed(() => problemsByLine(result.value.problems));
  const blocked = computed(() => result.value.problems.length > 0 || result.value.sizeProblem !== undefined);

  return {
    state,
    pair,
    showProblems,
    result,
    badLines,
    blocked,
    /** True while a loaded file is being reviewed. */
    importing: computed(() => before.value !== undefined),
    setText(text: string) {
      state.value = fromText(text, state.value.format, state.value.fileName);
    },
    setFormat(format: EntriesFormat) {
      state.value = { ...state.value, format };
    },
    loadFile(name: string, text: string) {
      before.value ??= state.value;
      state.value = fromText(text, formatFromFileName(name) ?? sniffFormat(text), name);
      showProblems.value = true;
    },
    fixLine(line: number, text: string) {
      state.value = fixLine(state.value, line, text);
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
    /** The valid entries as TSV, or undefined (and problems shown) when something must be fixed first. */
    validTsv(): string | undefined {
      showProblems.value = true;
      if (blocked.value || result.value.entries.length === 0) return undefined;
      return serializeEntries(result.value.entries, 'tsv');
    },
  };
}

export type EntriesModel = ReturnType<typeof createEntriesModel>;
