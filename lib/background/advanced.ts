import { handle } from '../messaging/handle.ts';
import { clientFor, INTERACTIVE_RETRY } from './client.ts';

/** Handlers of the translation controls (options page): the lists a person picks from. */
export function setUpAdvanced(): void {
  handle('advanced.styleRules', async () =>
    (await clientFor('options', { retry: INTERACTIVE_RETRY })).listStyleRules(),
  );
  handle('advanced.translationMemories', async () =>
    (await clientFor('options', { retry: INTERACTIVE_RETRY })).listTranslationMemories(),
  );
}
