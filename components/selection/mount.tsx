import { render } from 'preact';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { raiseToTopLayer, TOP_LAYER_HOST_CSS } from '../../lib/dom/own-ui.ts';
import type { SelectionModel } from '../../lib/features/selection/model.ts';
import { BubbleRoot } from './BubbleRoot.tsx';
import { SELECTION_CSS } from './styles.ts';

export type BubbleUi = ShadowRootContentScriptUi<HTMLElement>;

/**
 * Mounts the selection bubble in a shadow root (WXT's shadow-root UI) as the last child of <html>,
 * outside <body> so a transformed body cannot move its fixed position. Keyboard events stay inside,
 * so page shortcuts do not fire while it is used.
 */
export async function mountBubbleUi(ctx: ContentScriptContext, model: SelectionModel): Promise<BubbleUi> {
  const ui = await createShadowRootUi<HTMLElement>(ctx, {
    name: 'verso-selection',
    position: 'inline',
    anchor: () => document.documentElement,
    append: 'last',
    css: TOP_LAYER_HOST_CSS + SELECTION_CSS,
    // Closed: the page cannot read or rewrite Verso's UI through the host (docs/security.md).
    mode: 'closed',
    isolateEvents: true,
    onMount(container, _shadow, host) {
      // In the top layer: no page content paints over the bubble (lib/dom/own-ui.ts).
      raiseToTopLayer(host);
      render(<BubbleRoot model={model} />, container);
      return container;
    },
    onRemove(container) {
      if (container) render(null, container);
    },
  });
  ui.mount();
  return ui;
}
