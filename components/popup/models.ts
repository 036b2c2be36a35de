import { effect } from '@preact/signals';
import { PagePanelModel } from '../../lib/features/page-translate/popup-model.ts';
import { popupTargetTab } from '../../lib/features/page-translate/popup-tab.ts';
import { PdfPopupModel } from '../../lib/features/pdf/popup-model.ts';
import { takePopupDraft } from '../../lib/features/quick-translate/draft.ts';
import { CONNECTION_ERRORS, QuickTranslateModel } from '../../lib/features/quick-translate/model.ts';
import { ShortcutsModel } from '../../lib/features/shortcuts/model.ts';
import { SpendingModel } from '../../lib/features/spending/model.ts';
import { UsageModel } from '../../lib/features/usage/model.ts';
import { VideoPopupModel } from '../../lib/features/video/popup-model.ts';
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
    spending: new SpendingModel({ send, tabId: popupTargetTab }),
    shortcuts: new ShortcutsModel({ send, commands: browserCommands }),
    video: new VideoPopupModel({ send, targetTab: popupTargetTab }),
    pdf: new PdfPopupModel({ send, targetTab: popupTargetTab }),
  };
  const stopLinking = linkConnectionErrors(models.quick, models.usage);
  return {
    ...models,
    dispose() {
      stopLinking();
      for (const model of Object.values(models)) model.dispose();
    },
  };
}

/**
 * A banner saying the service cannot be reached or refused the key goes once another panel's request got
 * through: a translation asks the usage meter again, and usage read again clears the translation's error.
 */
function linkConnectionErrors(quick: QuickTranslateModel, usage: UsageModel): () => void {
  const stopQuick = effect(() => {
    const code = usage.error.peek()?.code;
    if (quick.result.value && code && CONNECTION_ERRORS.has(code) && !usage.loading.peek()) void usage.load();
  });
  const stopUsage = effect(() => {
    if (usage.usage.value && !usage.error.value) quick.serviceAnswered();
  });
  return () => {
    stopQuick();
    stopUsage();
  };
}

export type PopupModels = ReturnType<typeof createPopupModels>;
