import { LanguagesModel } from '../../lib/features/languages/model.ts';
import { UsageModel } from '../../lib/features/usage/model.ts';
import { send } from '../../lib/messaging/protocol.ts';
import { systemClock } from '../../lib/ui/clock.ts';

/**
 * The models of the options page, created once when the page mounts: a section keeps its state while
 * the person visits another one, as a page would.
 */
export function createOptionsModels() {
  const models = {
    languages: new LanguagesModel({ send, clock: systemClock }),
    usage: new UsageModel({ send }),
  };
  return {
    ...models,
    dispose() {
      for (const model of Object.values(models)) model.dispose();
    },
  };
}

export type OptionsModels = ReturnType<typeof createOptionsModels>;
