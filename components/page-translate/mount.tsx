import { render } from 'preact';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { raiseToTopLayer, TOP_LAYER_HOST_CSS } from '../../lib/dom/own-ui.ts';
import type { IndicatorModel } from '../../lib/features/page-translate/model.ts';
import type { IndicatorPlace } from '../../lib/features/page-translate/place-model.ts';
import { IndicatorRoot } from './IndicatorRoot.tsx';
import { INDICATOR_CSS } from './styles.ts';

export type IndicatorUi = ShadowRootContentScriptUi<HTMLElement>;

/**
 * Mounts the page translation indicator in a shadow root as the last child of <html>, outside <body>:
 * restoring the original page then gives back the body's exact markup, and page CSS cannot reach it.
 * Keyboard events stay inside, so page shortcuts do not fire while it is used.
 */
export async function mountIndicatorUi(
  ctx: ContentScriptContext,
  model: IndicatorModel,
  place: IndicatorPlace,
): Promise<IndicatorUi> {
  const ui = await createShadowRootUi<HTMLElement>(ctx, {
    name: 'verso-page',
    position: 'inline',
    anchor: () => document.documentElement,
    append: 'last',
    css: TOP_LAYER_HOST_CSS + INDICATOR_CSS,
    // Closed: the page cannot read or rewrite Verso's UI through the host (docs/security.md).
    mode: 'closed',
    isolateEvents: true,
    onMount(container, _shadow, host) {
      // In the top layer: no page content paints over the card (lib/dom/own-ui.ts).
      raiseToTopLayer(host);
      render(<IndicatorRoot model={model} place={place} />, container);
      return container;
    },
    onRemove(container) {
      if (container) render(null, container);
    },
  });
  ui.mount();
  return ui;
}
