import { signal } from '@preact/signals';
import { formatNumber, t } from '../../ui/i18n.ts';
import { readSettingsFile, type SettingsFile, serializeSettings, toSettingsFile } from './format.ts';
import { applySettings, currentSettings } from './storage.ts';

/** A file read and validated, waiting for the person to apply it. */
export const pending = signal<{ fileName: string; file: SettingsFile; migratedFrom?: number } | undefined>(undefined);
export const problem = signal<{ fileName: string; message: string } | undefined>(undefined);
export const applied = signal(false);

export async function exportText(): Promise<string> {
  return serializeSettings(toSettingsFile(await currentSettings()));
}

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

/**
 * Reads a settings file the person chose: refused before reading when it is far too large, refused
 * when its bytes are not UTF-8 text (a picture, an archive, a file in another encoding).
 */
export async function readChosenFile(file: Blob & { name: string }): Promise<void> {
  const refuse = (message: string) => {
    applied.value = false;
    pending.value = undefined;
    problem.value = { fileName: file.name, message };
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
  readFile(file.name, text);
}

export function readFile(fileName: string, text: string) {
  applied.value = false;
  const result = readSettingsFile(text);
  if (!result.ok) {
    pending.value = undefined;
    problem.value = { fileName, message: result.message };
    return;
  }
  problem.value = undefined;
  pending.value = {
    fileName,
    file: result.file,
    ...(result.migratedFrom !== undefined ? { migratedFrom: result.migratedFrom } : {}),
  };
}

export async function applyPending() {
  const p = pending.value;
  if (!p) return;
  await applySettings(p.file);
  pending.value = undefined;
  applied.value = true;
}

export function cancelPending() {
  pending.value = undefined;
}
