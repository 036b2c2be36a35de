import { render } from 'preact';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { markOwnHost } from '../../lib/dom/own-ui.ts';
import type { OfferModel } from '../../lib/features/translate-offer/model.ts';
import { OfferBar } from './OfferBar.tsx';
import { OFFER_CSS } from './styles.ts';

export type OfferUi = ShadowRootContentScriptUi<HTMLElement>;

/**
 * Mounts the offer bar in a shadow root just before <body>: first in the Tab order, and outside <body>,
 * which page translation restores exactly. It is a fixed card over the page's bottom corner (clear of
 * headers, menus and the text people start reading at), so the page never moves for it. It stays out of
 * the top layer, where it would sit above Verso's bubble and card; a page that paints over it is seen
 * by its buttons (VisibleButton), which then refuse the click. Keyboard events stay inside, so page
 * shortcuts do not fire while it is used.
 */
export async function mountOfferUi(ctx: ContentScriptContext, model: OfferModel): Promise<OfferUi> {
  const ui = await createShadowRootUi<HTMLElement>(ctx, {
    name: 'verso-offer',
    position: 'inline',
    anchor: () => document.body ?? document.documentElement,
    append: document.body ? 'before' : 'first',
    css: OFFER_CSS,
    // Closed: the page cannot read or rewrite Verso's UI through the host (docs/security.md).
    mode: 'closed',
    isolateEvents: true,
    onMount(container, _shadow, host) {
      // Page translation never sends the bar's text (lib/dom/own-ui.ts).
      markOwnHost(host);
      render(<OfferBar model={model} />, container);
      return container;
    },
    onRemove(container) {
      if (container) render(null, container);
    },
  });
  ui.mount();
  return ui;
}
