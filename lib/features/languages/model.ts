import { signal } from '@preact/signals';
import type { Language } from '../../api/index.ts';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { LanguageResourceName } from './table.ts';

export const resource = signal<LanguageResourceName>('translate_text');
export const includeBeta = signal(false);
export const languages = signal<Language[]>([]);
export const loading = signal(false);
export const error = signal<ErrorInfo | undefined>(undefined);
export const loadedAt = signal<number | undefined>(undefined);

let request = 0;

/** `refresh` bypasses the one-hour cache of the background. */
export async function loadLanguages({ refresh = false }: { refresh?: boolean } = {}) {
  const mine = ++request;
  loading.value = true;
  const result = await send('languages.get', { resource: resource.value, includeBeta: includeBeta.value, refresh });
  // A newer choice (another resource, the beta switch) was made meanwhile: its answer wins.
  if (mine !== request) return;
  loading.value = false;
  if (!result.ok) {
    error.value = result.error;
    return;
  }
  error.value = undefined;
  languages.value = result.value;
  loadedAt.value = Date.now();
}
