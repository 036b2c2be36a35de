import { PagePanelModel } from '../../lib/features/page-translate/popup-model.ts';
import { popupTargetTab } from '../../lib/features/page-translate/popup-tab.ts';
import { takePopupDraft } from '../../lib/features/quick-translate/draft.ts';
import { QuickTranslateModel } from '../../lib/features/quick-translate/model.ts';
import { ShortcutsModel } from '../../lib/features/shortcuts/model.ts';
import { UsageModel } from '../../lib/features/usage/model.ts';
import { send } from '../../lib/messaging/protocol.ts';
import { preferencesStore } from '../../lib/settings/items.ts';
import { systemClock } from '../../lib/ui/clock.ts';
import { browserCommands } from '../shortcuts/browser-commands.ts';

/** The models of the popup's panels, created when the popup opens. */
export function createPopupModels() {
  const models = {
    page: new PagePanelModel({ send, clock: systemClock, targetTab: popupTargetTab }),
    quick: new QuickTranslateModel({
      send,
      preferences: preferencesStore,
      takeDraft: () => takePopupDraft(),
      clipboard: navigator.clipboard,
    }),
    usage: new UsageModel({ send }),
    shortcuts: new ShortcutsModel({ send, commands: browserCommands }),
  };
  return {
    ...models,
    dispose() {
      for (const model of Object.values(models)) model.dispose();
    },
  };
}

export type PopupModels = ReturnType<typeof createPopupModels>;
