import { batch, computed, effect, signal } from '@preact/signals';
import type { Slicing } from '../../dom/schedule.ts';
import { uiLanguage } from '../../ui/i18n.ts';
import { type EntriesFormat, type ParsedEntries, serializeEntries } from './entries.ts';
import {
  check,
  checkSliced,
  detectSeparator,
  fixLine,
  fromText,
  headerLine,
  type ImportState,
  lineText,
  problemsByLine,
  type Separator,
  separatorFromFileName,
  separatorOf,
  skipLines,
  textOf,
  withSeparator,
} from './import-session.ts';
import { type FileRefusal, readDictionaryFile } from './read-file.ts';
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

/** How a loaded file's columns are told apart: found in the file, or the person's choice. */
export type SeparatorChoice = 'auto' | Separator;

/** What became of the last file picked: refused (a text not UTF-8 may be read as Windows-1252), or read. */
export type FileOutcome =
  | { kind: 'refused'; fileName: string; refusal: FileRefusal; legacy?: Blob & { name: string } }
  | { kind: 'read'; fileName: string; encoding: 'windows-1252' | 'utf-16' }
  | { kind: 'unreadable' };

export interface EntriesDeps {
  /** How a long check gives the page its turn (page-translate/yield.ts in the page, a fake in tests). */
  slicing: Slicing;
}

/**
 * Entries being typed or imported, checked with every entry rule before anything is sent. A loaded file
 * keeps the previous text so "Cancel" can bring it back. `dispose` stops a check still running.
 */
export class EntriesModel {
  readonly state = signal<ImportState>(fromText('', 'tsv'));
  private readonly before = signal<ImportState | undefined>(undefined);
  readonly pair = signal<Partial<LanguagePair>>({});
  /** Problems are shown after a file is loaded or a send was attempted, not while typing. */
  readonly showProblems = signal(false);
  readonly text = computed(() => textOf(this.state.value));
  /** The check of the current text and pair; while `checking` is set, that of an earlier text. */
  readonly result = signal<ParsedEntries>(NOTHING);
  /** Set while a long text is being checked: nothing can be sent until it is done. */
  readonly checking = signal<CheckProgress | undefined>(undefined);
  readonly badLines = computed(() => problemsByLine(this.result.value.problems));
  /** A loaded file's first line may be a header: asked until the person skips or keeps it. */
  private readonly headerAsked = signal(false);
  /** The line that looks like column names (`source,target`, `English,German`), while the question is open. */
  readonly header = computed(() =>
    this.headerAsked.value ? headerLine(this.state.value, this.pair.value, uiLanguage()) : undefined,
  );
  readonly blocked = computed(
    () =>
      this.checking.value !== undefined ||
      this.result.value.problems.length > 0 ||
      this.result.value.sizeProblem !== undefined ||
      this.header.value !== undefined,
  );
  /** True while a loaded file is being reviewed. */
  readonly importing = computed(() => this.before.value !== undefined);
  /** The last file picked, when it was refused or read in another encoding than UTF-8. */
  readonly fileOutcome = signal<FileOutcome | undefined>(undefined);
  /** The loaded file's separator: `auto` reads it with the one found in it (`detectedSeparator`). */
  readonly separatorChoice = signal<SeparatorChoice>('auto');
  readonly detectedSeparator = signal<Separator>(',');
  /** The separator the lines are read with now. */
  readonly separator = computed(() => separatorOf(this.state.value));
  /** Corrections being typed for bad lines, by line and the line's text (a changed line starts over). */
  private readonly lineDrafts = signal<Record<string, string>>({});

  private running: AbortController | undefined;
  private readonly stopChecking: () => void;

  constructor(private readonly deps: EntriesDeps) {
    this.stopChecking = effect(() => this.check(this.state.value, this.pair.value));
  }

  private check(current: ImportState, pair: Partial<LanguagePair>): void {
    this.running?.abort();
    this.running = undefined;
    if (this.text.value.length <= CHECK_AT_ONCE_CHARS) {
      this.checking.value = undefined;
      this.result.value = check(current, pair);
      return;
    }
    const run = new AbortController();
    this.running = run;
    this.checking.value = { checked: 0, total: 0 };
    checkSliced(current, pair, {
      slicing: this.deps.slicing,
      signal: run.signal,
      onProgress: (checked, total) => {
        if (this.running === run) this.checking.value = { checked, total };
      },
    }).then(
      (parsed) => {
        if (this.running !== run) return;
        this.running = undefined;
        this.result.value = parsed;
        this.checking.value = undefined;
      },
      () => {
        // Abandoned for a newer text: that check reports.
      },
    );
  }

  setText(value: string): void {
    batch(() => {
      const { fileName } = this.state.value;
      this.state.value = withSeparator(fromText(value, 'tsv', fileName), separatorOf(this.state.value));
      // Text edited by hand is what the person wants: no question about its first line.
      this.headerAsked.value = false;
    });
  }

  /** The format of typed entries: TSV, or CSV with commas as the contract has it. */
  setFormat(format: EntriesFormat): void {
    this.state.value = withSeparator(this.state.value, format === 'tsv' ? '\t' : ',');
  }

  setPair(pair: Partial<LanguagePair>): void {
    this.pair.value = pair;
  }

  /**
   * A file's lines, read with the separator found in them (a ".csv" from a German spreadsheet has
   * semicolons; the name only breaks a tie). The person can choose another one (`chooseSeparator`).
   */
  loadFile(name: string, value: string): void {
    batch(() => {
      this.before.value ??= this.state.value;
      const detected = detectSeparator(value, separatorFromFileName(name));
      this.detectedSeparator.value = detected;
      this.separatorChoice.value = 'auto';
      this.state.value = withSeparator(fromText(value, 'tsv', name), detected);
      this.showProblems.value = true;
      this.headerAsked.value = true;
    });
  }

  /** Reads the loaded lines again with another separator (or the one found): the file is not picked again. */
  chooseSeparator(choice: SeparatorChoice): void {
    batch(() => {
      this.separatorChoice.value = choice;
      this.state.value = withSeparator(this.state.value, choice === 'auto' ? this.detectedSeparator.value : choice);
    });
  }

  /** The first line was column names: it is left out (its number kept, as for skipped bad lines). */
  skipHeader(): void {
    const line = this.header.value;
    batch(() => {
      if (line !== undefined) this.state.value = skipLines(this.state.value, [line]);
      this.headerAsked.value = false;
    });
  }

  /** The first line is an entry after all. */
  keepHeader(): void {
    this.headerAsked.value = false;
  }

  /**
   * Reads a file the person picked (or dropped): a file that is too large, not text, or not UTF-8 is
   * refused with the reason, and only text read as the file holds it is loaded.
   */
  async readFile(file: Blob & { name: string }, encoding?: 'windows-1252'): Promise<void> {
    this.fileOutcome.value = undefined;
    try {
      const result = await readDictionaryFile(file, encoding ? { encoding } : {});
      if (!result.ok) {
        this.fileOutcome.value = {
          kind: 'refused',
          fileName: file.name,
          refusal: result.refusal,
          ...(result.refusal.kind === 'not-utf8' ? { legacy: file } : {}),
        };
        return;
      }
      if (result.encoding !== 'utf-8') {
        this.fileOutcome.value = {
          kind: 'read',
          fileName: file.name,
          encoding: result.encoding === 'windows-1252' ? 'windows-1252' : 'utf-16',
        };
      }
      this.loadFile(file.name, result.text);
    } catch {
      this.fileOutcome.value = { kind: 'unreadable' };
    }
  }

  /** The correction typed for a bad line so far (its text until then). */
  lineDraft(line: number): string {
    const text = lineText(this.state.value, line);
    return this.lineDrafts.value[`${line}:${text}`] ?? text;
  }

  setLineDraft(line: number, value: string): void {
    const key = `${line}:${lineText(this.state.value, line)}`;
    this.lineDrafts.value = { ...this.lineDrafts.value, [key]: value };
  }

  fixLine(line: number, value: string): void {
    this.state.value = fixLine(this.state.value, line, value);
  }

  skipBadLines(): void {
    this.state.value = skipLines(
      this.state.value,
      this.badLines.value.map((p) => p.line),
    );
  }

  /** Drops the loaded file (or, for typed text, everything typed). */
  cancel(): void {
    batch(() => {
      this.state.value = this.before.value ?? fromText('', this.state.value.format);
      this.before.value = undefined;
      // What was said of the dropped file ("read as Windows-1252") is about nothing on screen any more.
      this.fileOutcome.value = undefined;
      this.showProblems.value = false;
      this.headerAsked.value = false;
    });
  }

  reset(): void {
    batch(() => {
      this.state.value = fromText('', 'tsv');
      this.before.value = undefined;
      this.showProblems.value = false;
      this.headerAsked.value = false;
      this.lineDrafts.value = {};
    });
  }

  /**
   * The valid entries as TSV, or undefined (and problems shown) when something must be fixed first or
   * the check has not finished.
   */
  validTsv(): string | undefined {
    this.showProblems.value = true;
    if (this.blocked.value || this.result.value.entries.length === 0) return undefined;
    return serializeEntries(this.result.value.entries, 'tsv');
  }

  dispose(): void {
    this.stopChecking();
    this.running?.abort();
    this.running = undefined;
  }
}
