import { signal } from '@preact/signals';
import { readSettingsFile, type SettingsFile, serializeSettings, toSettingsFile } from './settings-file.ts';
import { applySettings, currentSettings } from './settings-io.ts';

/** A file read and validated, waiting for the person to apply it. */
export const pending = signal<{ fileName: string; file: SettingsFile; migratedFrom?: number } | undefined>(undefined);
export const problem = signal<{ fileName: string; message: string } | undefined>(undefined);
export const applied = signal(false);

export async function exportText(): Promise<string> {
  return serializeSettings(toSettingsFile(await currentSettings()));
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
