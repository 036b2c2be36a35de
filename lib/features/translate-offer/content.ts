import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { mountOfferUi } from '../../../components/translate-offer/mount.tsx';
import { send } from '../../messaging/protocol.ts';
import type { ContentFeature } from '../registry.ts';
import { OfferModel } from './model.ts';
import { textSample } from './sample.ts';

/** The page translation indicator's host (components/page-translate/mount.tsx): translation has started. */
const INDICATOR_HOST = 'verso-page';

/**
 * Offers to translate a page in another language than the target: a small bar above the page (outside
 * <body>, so it pushes the page down instead of covering its text). The page's language is the one it
 * declares, else the worker tells it from a sample of its text; nothing reaches the translation service
 * until the person says "Translate".
 */
export const translateOfferFeature: ContentFeature = {
  name: 'translate-offer',
  runsOn: (location) => window === window.top && /^(https?|file):$/.test(location.protocol),
  init(ctx: ContentScriptContext) {
    const model = new OfferModel({ send });
    ctx.onInvalidated(() => model.dispose());
    // The other features start meanwhile: the answer takes a round trip to the worker.
    void (async () => {
      const declared = document.documentElement.lang.trim();
      const answer = await send('offer.check', declared ? { declared } : { sample: textSample(document.body) }).catch(
        () => undefined,
      );
      const offer = answer?.ok ? answer.value.offer : undefined;
      if (!offer || !ctx.isValid) return;
      // Started another way (the popup, the shortcut): the offer has been answered.
      if (document.querySelector(INDICATOR_HOST)) return;
      model.show(offer);
      const ui = await mountOfferUi(ctx, model);
      const started = new MutationObserver(() => {
        if (document.querySelector(INDICATOR_HOST)) model.dismiss();
      });
      started.observe(document.documentElement, { childList: true });
      ctx.onInvalidated(() => started.disconnect());
      // Answered, closed or started elsewhere: the bar leaves the page.
      let stop: (() => void) | undefined;
      stop = model.offer.subscribe((current) => {
        if (current) return;
        started.disconnect();
        ui.remove();
        queueMicrotask(() => stop?.());
      });
    })();
  },
};
