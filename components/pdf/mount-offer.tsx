import { render } from 'preact';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { markOwnHost } from '../../lib/dom/own-ui.ts';
import type { ReaderOfferModel } from '../../lib/features/pdf/offer-model.ts';
// The translate offer's card look, shared rather than copied.
import { OFFER_CSS } from '../translate-offer/styles.ts';
import { ReaderOffer } from './ReaderOffer.tsx';

/** The reader's offer in a closed shadow root over the PDF viewer's corner; keyboard events stay inside. */
export async function mountReaderOffer(
  ctx: ContentScriptContext,
  model: ReaderOfferModel,
): Promise<ShadowRootContentScriptUi<HTMLElement>> {
  const ui = await createShadowRootUi<HTMLElement>(ctx, {
    name: 'verso-pdf-offer',
    position: 'inline',
    anchor: () => document.body ?? document.documentElement,
    append: 'last',
    css: OFFER_CSS,
    mode: 'closed',
    isolateEvents: true,
    onMount(container, _shadow, host) {
      markOwnHost(host);
      render(<ReaderOffer model={model} />, container);
      return container;
    },
    onRemove(container) {
      if (container) render(null, container);
    },
  });
  ui.mount();
  return ui;
}
