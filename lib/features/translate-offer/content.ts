import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { mountOfferUi } from '../../../components/translate-offer/mount.tsx';
import { send } from '../../messaging/protocol.ts';
import { contextTimers } from '../context-timers.ts';
import { pageTranslation } from '../page-translate/page-status.ts';
import type { ContentFeature } from '../registry.ts';
import { OfferModel } from './model.ts';
import { textSample } from './sample.ts';

/** How long "Translate" keeps the bar (inert) while waiting for the page's translation to show, at most. */
const BAR_WAITS_MS = 3000;

/** Resolves when page translation shows here (page-translate/page-status.ts), or after `BAR_WAITS_MS`. */
function untilShown(ctx: ContentScriptContext): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {};
    const timer = contextTimers(ctx).setTimeout(() => {
      stop();
      resolve();
    }, BAR_WAITS_MS);
    stop = pageTranslation.subscribe((state) => {
      if (state !== 'shown') return;
      contextTimers(ctx).clear(timer);
      queueMicrotask(() => stop());
      resolve();
    });
  });
}

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
    const model = new OfferModel({ send, untilTranslated: () => untilShown(ctx) });
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
      if (pageTranslation.value !== 'idle') return;
      model.show(offer);
      const ui = await mountOfferUi(ctx, model);
      // Translation started here or elsewhere: the bar leaves with the first translated screen, in the
      // same frame, so the page moves once (page-translate/page-status.ts).
      const started = pageTranslation.subscribe((state) => {
        if (state === 'shown') model.dismiss();
      });
      ctx.onInvalidated(started);
      // Answered, closed or translated: the bar leaves the page.
      let stop: (() => void) | undefined;
      stop = model.offer.subscribe((current) => {
        if (current) return;
        started();
        ui.remove();
        queueMicrotask(() => stop?.());
      });
    })();
  },
};
