import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { mountReaderOffer } from '../../../components/pdf/mount-offer.tsx';
import { send } from '../../messaging/protocol.ts';
import type { ContentFeature } from '../registry.ts';
import { ReaderOfferModel } from './offer-model.ts';

/**
 * On a PDF in the browser's viewer (the top document's `contentType`, so a PDF served without ".pdf" in
 * its address too): the offer to open it in Verso's reader, when the worker brought the features for it
 * (`pdf`, lib/bootstrap: the person has not chosen the reader for this site yet).
 */
export const pdfFeature: ContentFeature = {
  name: 'pdf',
  runsOn: (location) => window === window.top && /^(https?|file):$/.test(location.protocol),
  init(ctx: ContentScriptContext) {
    if (document.contentType !== 'application/pdf') return undefined;
    return {
      boot(reasons) {
        if (!reasons.includes('pdf')) return;
        const model = new ReaderOfferModel({ send });
        ctx.onInvalidated(() => model.dispose());
        model.show();
        void mountReaderOffer(ctx, model).then((ui) => {
          const stop = model.open.subscribe((open) => {
            if (open) return;
            ui.remove();
            queueMicrotask(() => stop());
          });
        });
      },
    };
  },
};
