import { DocumentsModel } from '../../lib/features/documents/model.ts';
import { openDocumentsPage } from '../../lib/features/documents/open-page.ts';
import { startSaving } from '../../lib/features/documents/save.ts';
import { send } from '../../lib/messaging/protocol.ts';
import { preferencesStore } from '../../lib/settings/items.ts';
import { systemClock } from '../../lib/ui/clock.ts';

/** The documents model with the extension's own I/O: the document page and the options page create one each. */
export const createDocumentsModel = () =>
  new DocumentsModel({
    send,
    preferences: preferencesStore,
    clock: systemClock,
    save: startSaving,
    openPage: openDocumentsPage,
  });
