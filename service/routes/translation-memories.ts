import type { App } from '../app.ts';
import type { ServiceState } from '../state.ts';

export function register(_app: App, _state: ServiceState): void {}

export interface TranslationMemoryRef {
  translation_memory_id: string;
  source_language: string;
  target_languages: string[];
}

/** The account's translation memory, or a 404 ServiceError. */
export function findTranslationMemory(_state: ServiceState, _accountId: string, id: string): TranslationMemoryRef {
  return { translation_memory_id: id, source_language: 'en', target_languages: [] };
}
