import { signal } from '@preact/signals';
import type { Clock } from '../../ui/clock.ts';
import { formatNumber, t } from '../../ui/i18n.ts';
import type { SelectorCheck } from '../site-rules/rules.ts';
import {
  readSettingsFile,
  type SettingsContent,
  type SettingsFile,
  serializeSettings,
  toSettingsFile,
} from './format.ts';
import { countsOf, importedSentence } from './summary.ts';

/** The bytes as UTF-8 text, or undefined when they are not (invalid UTF-8, or a NUL byte: binary data). */
function utf8Text(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** A settings file is a few kilobytes; anything near this is not one, and is not read. */
export const MAX_SETTINGS_FILE_BYTES = 1_000_000;

export interface SettingsFileDeps {
  /** Everything a settings file carries, as stored (credentials never), and the writing of a checked file. */
  settings: { read(): Promise<SettingsContent>; write(file: SettingsFile): Promise<void> };
  /** Offers text as a file to save. */
  download(fileName: string, text: string, type: string): void;
  clock: Clock;
  /** Whether the browser parses a site rule's CSS selector (`browserSelectorCheck(document)`, as the form). */
  checkSelector: SelectorCheck;
}

/** The options section "Settings file": export, and import with a preview before anything is replaced. */
export class SettingsFileModel {
  /** A file read and validated, waiting for the person to apply it. */
  readonly pending = signal<{ fileName: string; file: SettingsFile; migratedFrom?: number } | undefined>(undefined);
  readonly problem = signal<{ fileName: string; message: string } | undefined>(undefined);
  /** The sentence saying what the last applied file brought ("Imported 3 site rules and your defaults …"). */
  readonly applied = signal<string | undefined>(undefined);
  /** A Verso settings file that holds nothing this version knows: said plainly, nothing to apply. */
  readonly nothing = signal<{ fileName: string } | undefined>(undefined);

  constructor(private readonly deps: SettingsFileDeps) {}

  /** The section opens: outcomes of an earlier visit are not shown again. */
  open(): void {
    this.applied.value = undefined;
    this.problem.value = undefined;
    this.nothing.value = undefined;
  }

  async exportText(): Promise<string> {
    return serializeSettings(toSettingsFile(await this.deps.settings.read(), new Date(this.deps.clock.now())));
  }

  /** Offers the settings as `verso-settings-<date>.json`. */
  async exportFile(): Promise<void> {
    const date = new Date(this.deps.clock.now()).toISOString().slice(0, 10);
    this.deps.download(`verso-settings-${date}.json`, await this.exportText(), 'application/json');
  }

  /**
   * Reads a settings file the person chose: refused before reading when it is far too large, refused
   * when its bytes are not UTF-8 text (a picture, an archive, a file in another encoding).
   */
  async readChosenFile(file: Blob & { name: string }): Promise<void> {
    const refuse = (message: string) => {
      this.applied.value = undefined;
      this.nothing.value = undefined;
      this.pending.value = undefined;
      this.problem.value = { fileName: file.name, message };
    };
    if (file.size > MAX_SETTINGS_FILE_BYTES) {
      refuse(
        t('bkTooLarge', 'it has $1 bytes, and a Verso settings file has at most $2.', [
          formatNumber(file.size),
          formatNumber(MAX_SETTINGS_FILE_BYTES),
        ]),
      );
      return;
    }
    const text = utf8Text(new Uint8Array(await file.arrayBuffer()));
    if (text === undefined) {
      refuse(t('bkNotText', 'it is not a text file in UTF-8, as Verso writes its settings files.'));
      return;
    }
    this.readFile(file.name, text);
  }

  readFile(fileName: string, text: string): void {
    this.applied.value = undefined;
    this.nothing.value = undefined;
    const result = readSettingsFile(text, this.deps.checkSelector);
    if (!result.ok) {
      this.pending.value = undefined;
      if (result.reason === 'empty') {
        this.problem.value = undefined;
        this.nothing.value = { fileName };
      } else this.problem.value = { fileName, message: result.message };
      return;
    }
    this.problem.value = undefined;
    this.pending.value = {
      fileName,
      file: result.file,
      ...(result.migratedFrom !== undefined ? { migratedFrom: result.migratedFrom } : {}),
    };
  }

  async applyPending(): Promise<void> {
    const p = this.pending.value;
    if (!p) return;
    await this.deps.settings.write(p.file);
    this.pending.value = undefined;
    this.applied.value = importedSentence(countsOf(p.file));
  }

  cancelPending(): void {
    this.pending.value = undefined;
  }

  /** Nothing of this model runs on its own: there is nothing to stop. */
  dispose(): void {}
}
