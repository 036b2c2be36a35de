import { render } from 'preact';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { markOwnHost } from '../../lib/dom/own-ui.ts';
import type { WritingModel } from '../../lib/features/writing/model.ts';
import { formatNumber } from '../../lib/ui/i18n.ts';
import { WRITING_CSS } from './styles.ts';
import { type TypingParts, WritingRoot } from './WritingRoot.tsx';

export type WritingUi = ShadowRootContentScriptUi<HTMLElement>;

/**
 * Mounts the writing UI in a shadow root at the end of the page (WXT's shadow-root UI), so the page's
 * CSS cannot break it. Keyboard events stay inside, so page shortcuts do not fire while it is used.
 */
export async function mountWritingUi(
  ctx: ContentScriptContext,
  model: WritingModel,
  typing?: TypingParts,
): Promise<WritingUi> {
  const ui = await createShadowRootUi<HTMLElement>(ctx, {
    name: 'verso-writing',
    position: 'inline',
    anchor: () => document.body ?? document.documentElement,
    append: 'last',
    css: WRITING_CSS,
    // Closed: the page cannot read or rewrite Verso's UI through the host (docs/security.md).
    mode: 'closed',
    isolateEvents: true,
    onMount(container, _shadow, host) {
      // Page translation never sends the writing UI's text (lib/dom/own-ui.ts).
      markOwnHost(host);
      render(<WritingRoot model={model} typing={typing} />, container);
      // The counter's number format takes milliseconds to make: made while the page is idle, not in
      // the key after which the first underline shows.
      if (typing) whenIdle(() => formatNumber(0));
      return container;
    },
    onRemove(container) {
      if (container) render(null, container);
    },
  });
  ui.mount();
  return ui;
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run);
}
