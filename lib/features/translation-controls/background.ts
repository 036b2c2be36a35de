import { clientFor, INTERACTIVE_RETRY } from '../../background/client.ts';
import { handle } from '../../messaging/handle.ts';

/** Handlers of the translation controls (options page): the lists a person picks from. */
export function setUpTranslationControls(): void {
  handle('advanced.styleRules', async () =>
    (await clientFor('options', { retry: INTERACTIVE_RETRY })).listStyleRules(),
  );
  handle('advanced.translationMemories', async () =>
    (await clientFor('options', { retry: INTERACTIVE_RETRY })).listTranslationMemories(),
  );
}
