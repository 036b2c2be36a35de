import { render } from 'preact';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { raiseToTopLayer, TOP_LAYER_HOST_CSS } from '../../lib/dom/own-ui.ts';
import { SelectionButton } from './SelectionButton.tsx';
import { SELECTION_BUTTON_CSS } from './styles.ts';

export interface SelectionButtonUi {
  show(anchor: DOMRect): void;
  hide(): void;
  /** Whether a node is inside the button's shadow root or is its host. */
  contains(node: Node): boolean;
}

const SIZE = { width: 88, height: 28 };

/**
 * The translate button in a shadow root of its own, the last child of <html> (like the bubble), mounted
 * while it is shown and removed when hidden, so a page without selections carries nothing of Verso's.
 */
export async function mountSelectionButton(
  ctx: ContentScriptContext,
  opts: { shortcut: () => string; onTranslate(): void },
): Promise<SelectionButtonUi> {
  let place = { left: 0, top: 0 };
  let container: HTMLElement | undefined;
  const draw = () => {
    if (container)
      render(
        <SelectionButton {...place} shortcut={opts.shortcut()} onTranslate={() => opts.onTranslate()} />,
        container,
      );
  };
  const ui: ShadowRootContentScriptUi<HTMLElement> = await createShadowRootUi<HTMLElement>(ctx, {
    name: 'verso-selection-button',
    position: 'inline',
    anchor: () => document.documentElement,
    append: 'last',
    css: TOP_LAYER_HOST_CSS + SELECTION_BUTTON_CSS,
    // Closed: the page cannot read or rewrite Verso's UI through the host (docs/security.md).
    mode: 'closed',
    isolateEvents: true,
    onMount(root, _shadow, host) {
      // In the top layer: no page content paints over the button (lib/dom/own-ui.ts).
      raiseToTopLayer(host);
      container = root;
      draw();
      return root;
    },
    onRemove(root) {
      if (root) render(null, root);
      container = undefined;
    },
  });
  let mounted = false;
  return {
    show(anchor) {
      // Below the end of the selection, kept on screen.
      const left = Math.max(4, Math.min(anchor.right - SIZE.width / 2, innerWidth - SIZE.width - 4));
      const below = anchor.bottom + 6;
      const top = below + SIZE.height > innerHeight - 4 ? Math.max(4, anchor.top - SIZE.height - 6) : below;
      place = { left, top };
      if (!mounted || !ui.shadowHost.isConnected) {
        ui.mount();
        mounted = true;
      }
      draw();
    },
    hide() {
      if (!mounted) return;
      mounted = false;
      ui.remove();
    },
    contains: (node) => node === ui.shadowHost || ui.shadowHost.contains(node) || ui.shadow.contains(node),
  };
}
