import { UsageModel } from '../../lib/features/usage/model.ts';
import { send } from '../../lib/messaging/protocol.ts';

/** The models of the popup's panels, created when the popup opens. */
export function createPopupModels() {
  const models = {
    usage: new UsageModel({ send }),
  };
  return {
    ...models,
    dispose() {
      for (const model of Object.values(models)) model.dispose();
    },
  };
}

export type PopupModels = ReturnType<typeof createPopupModels>;
