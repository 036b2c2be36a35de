import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { mountWritingUi, type WritingUi } from '../../../components/writing/mount.tsx';
import { handle } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import { systemClock } from '../../ui/clock.ts';
import type { ContentFeature } from '../registry.ts';
import { type EligibleField, eligibleField } from './eligibility.ts';
import { applyToField, readFieldText } from './field-io.ts';
import { WritingModel } from './model.ts';

/** The element that really has focus, looking inside open shadow roots of the page. */
function deepActiveElement(doc: Document): Element | null {
  let el = doc.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

function holdsFocus(field: EligibleField): boolean {
  const active = deepActiveElement(document);
  return !!active && (active === field.element || field.element.contains(active));
}

/**
 * Writing help: a round button on focused text fields, the `improve-writing` shortcut and two
 * right-click items open a panel that corrects or rephrases the field's text and shows the result as
 * a diff to accept. Nothing is sent until the person asks; the UI is created on first use only.
 */
export const writingFeature: ContentFeature = {
  name: 'writing',
  runsOn: (location) => /^(https?|file):$/.test(location.protocol),
  init(ctx: ContentScriptContext) {
    const model = new WritingModel({ send, clock: systemClock, readText: readFieldText, apply: applyToField });
    ctx.onInvalidated(() => model.dispose());

    let ui: WritingUi | undefined;
    let mounting: Promise<WritingUi> | undefined;
    const ensureUi = async () => {
      mounting ??= mountWritingUi(ctx, model).then((mounted) => (ui = mounted));
      const ready = await mounting;
      // Pages that rebuild <body> take the host with them: put it back.
      if (!ready.shadowHost.isConnected) ready.mount();
      return ready;
    };
    const isOwnUi = (node: EventTarget | null) =>
      !!ui && node instanceof Node && (node === ui.shadowHost || ui.shadowHost.contains(node));

    /** Shows the control for a field once the site rule allows it; `then` runs after that. */
    const offer = async (field: EligibleField, then?: () => void) => {
      const status = await model.refreshStatus();
      if (!status?.enabled) return false;
      await ensureUi();
      model.showFor(field);
      watchSize(field);
      then?.();
      return true;
    };

    let resizeObserver: ResizeObserver | undefined;
    const watchSize = (field: EligibleField) => {
      resizeObserver?.disconnect();
      resizeObserver = new ResizeObserver(() => refreshAnchor());
      resizeObserver.observe(field.element);
    };
    ctx.onInvalidated(() => resizeObserver?.disconnect());

    let frame = 0;
    const refreshAnchor = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const field = model.field.value;
        if (field && (model.buttonVisible.value || model.panelOpen.value)) {
          model.anchor.value = field.element.getBoundingClientRect();
        }
      });
    };
    ctx.addEventListener(window, 'scroll', refreshAnchor, { capture: true, passive: true });
    ctx.addEventListener(window, 'resize', refreshAnchor, { passive: true });
    ctx.addEventListener(document, 'input', refreshAnchor, { capture: true, passive: true });

    ctx.addEventListener(
      document,
      'focusin',
      (event) => {
        if (isOwnUi(event.target)) return;
        const field = eligibleField(event.composedPath()[0] ?? event.target);
        if (!field) return;
        void offer(field, () => {
          // The person may have moved on while the status was asked for.
          if (!holdsFocus(field)) model.hideButton();
        });
      },
      { capture: true },
    );
    ctx.addEventListener(
      document,
      'focusout',
      (event) => {
        if (isOwnUi(event.relatedTarget)) return;
        const field = model.field.value;
        if (!field) return;
        const fromField = event.target === field.element || field.element.contains(event.target as Node);
        // Focus leaving the button (by Tab) for anything but its field takes the button away too.
        const fromButton = isOwnUi(event.target) && event.relatedTarget !== field.element;
        if (fromField || fromButton) model.hideButton();
      },
      { capture: true },
    );

    // The button lives at the end of the page, out of the page's Tab order: Tab from its field reaches it
    // next. Pages that use Tab themselves (an editor indenting, an autocomplete accepting) prevent the
    // default first, so this listens last, on the window, and leaves their Tab alone.
    ctx.addEventListener(window, 'keydown', (event) => {
      if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.defaultPrevented || !event.isTrusted || model.panelOpen.value || !model.buttonVisible.value) return;
      const field = model.field.value;
      const button = ui?.shadow.querySelector<HTMLElement>('.vw-button');
      if (!field || !button || !holdsFocus(field)) return;
      event.preventDefault();
      button.focus({ preventScroll: true });
    });

    // Shortcut and context menu: the background asks every frame (or the clicked one); the frame that
    // holds focus in an eligible field acts.
    const stopTrigger = handle('writing.trigger', async ({ action }) => {
      if (!document.hasFocus()) return false;
      const field = eligibleField(deepActiveElement(document));
      if (!field) return false;
      return offer(field, () => void model.open(action));
    });
    ctx.onInvalidated(stopTrigger);
  },
};
