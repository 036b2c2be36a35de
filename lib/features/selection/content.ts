import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { mountSelectionButton, type SelectionButtonUi } from '../../../components/selection/button-mount.tsx';
import { type BubbleUi, mountBubbleUi } from '../../../components/selection/mount.tsx';
import type { BootState } from '../../bootstrap/state.ts';
import { activeElementOf, localNameOf } from '../../dom/unclobbered.ts';
import { handle } from '../../messaging/handle.ts';
import { type MessageInput, send } from '../../messaging/protocol.ts';
import { systemClock } from '../../ui/clock.ts';
import { contextTimers } from '../context-timers.ts';
import type { ContentFeature } from '../registry.ts';
import { SelectionButtonWatcher } from './button.ts';
import { type Capture, captureSelection, deepActiveElement } from './capture.ts';
import { copyText } from './copy.ts';
import { HIDDEN_TOLERANCE_CHARS, hiddenChars, LONG_SELECTION_CHARS } from './hidden.ts';
import { MAX_SELECTION_CHARS, type SelectionOptions } from './messages.ts';
import { type SelectionAsk, SelectionModel } from './model.ts';
import { replaceSelection } from './replace.ts';

const isFrameElement = (el: Element | null) => {
  const tag = el ? localNameOf(el) : '';
  return tag === 'iframe' || tag === 'frame';
};
/** `document.hasFocus()` as the prototype has it: `<img name="hasFocus">` shadows the document's own. */
const documentHasFocus = (doc: Document) => Document.prototype.hasFocus.call(doc);

/**
 * The shortcut reaches every frame; the one whose selection the person means acts. Focus inside a child
 * frame makes the parent's active element that frame, so the parent stands back. The top frame also
 * acts without focus (the shortcut may come while the address bar is focused).
 */
function isFocusedFrame(): boolean {
  if (isFrameElement(activeElementOf(document))) return false;
  return window === window.top || documentHasFocus(document);
}

/** The computed display (this frame's window: the selection is of its document; `el.ownerDocument` could be a form's control). */
const displayOf = (el: Element) => getComputedStyle(el).display || undefined;

/**
 * Translate selection: the menu item or the shortcut (lib/features/selection/background.ts) asks this frame to
 * translate what is selected; a bubble beside the selection shows the result. The UI is created on
 * first use only, and nothing is sent until the person asks.
 */
export const selectionFeature: ContentFeature = {
  name: 'selection',
  runsOn: () => true,
  init(ctx: ContentScriptContext) {
    let ui: BubbleUi | undefined;
    let returnFocus: HTMLElement | null = null;

    const model = new SelectionModel({
      send,
      clock: systemClock,
      copy: copyText,
      replace: (target, translation) => void replaceSelection(target, translation),
      online: () => navigator.onLine !== false,
      viewport: () => ({ width: innerWidth, height: innerHeight }),
      onClose: () => {
        const el = returnFocus;
        returnFocus = null;
        if (el?.isConnected) el.focus({ preventScroll: true });
      },
    });
    ctx.onInvalidated(() => model.dispose());

    /**
     * An unusual selection is asked about before anything is sent (hidden.ts): from the button, a long
     * one; from anywhere, one holding text the page does not show.
     */
    const askFor = (capture: Capture, fromButton: boolean): SelectionAsk | undefined => {
      const { text, cut } = capture.selection;
      if (cut || text.length > MAX_SELECTION_CHARS) return undefined;
      const hidden = capture.target.kind === 'range' ? hiddenChars(capture.target.range) : 0;
      const long = fromButton && text.length > LONG_SELECTION_CHARS;
      return long || hidden > HIDDEN_TOLERANCE_CHARS ? { chars: text.length, hidden } : undefined;
    };

    let hideButton = () => {};
    const show = async (data: MessageInput<'selection.show'>, fromButton = false) => {
      if (data.trigger === 'command' && !isFocusedFrame()) return false;
      const capture = captureSelection(document, {
        withContext: data.sendContext,
        display: displayOf,
        // A longer selection is refused: reading it whole would only cost time.
        maxChars: MAX_SELECTION_CHARS,
        ...(data.trigger === 'menu' && data.selectionText ? { fallbackText: data.selectionText } : {}),
        ...(data.trigger === 'menu' && data.selectionChars ? { fallbackChars: data.selectionChars } : {}),
      });
      if (!capture) return false;
      // The bubble answers the selection: its button goes (from the menu or the shortcut too).
      hideButton();
      model.close();
      const focused = deepActiveElement(document);
      returnFocus = focused instanceof HTMLElement ? focused : null;
      ui ??= await mountBubbleUi(ctx, model);
      // Pages that rebuild their document take the host with them: put it back.
      if (!ui.shadowHost.isConnected) ui.mount();
      model.open(capture, askFor(capture, fromButton));
      return true;
    };
    ctx.onInvalidated(handle('selection.show', async (data) => ({ shown: await show(data) })));
    // The side panel asks for the selection as the bubble would send it; only the top frame answers.
    if (window === window.top) {
      ctx.onInvalidated(
        handle('selection.capture', ({ sendContext }) => {
          const capture = captureSelection(document, {
            withContext: sendContext,
            display: displayOf,
            maxChars: MAX_SELECTION_CHARS,
          });
          if (!capture?.selection.text.trim()) return null;
          const { paragraphs, text, cut } = capture.selection;
          return {
            paragraphs,
            text,
            context: capture.context,
            ...(capture.pageLang ? { pageLang: capture.pageLang } : {}),
            tooLong: !!cut || text.length > MAX_SELECTION_CHARS,
          };
        }),
      );
    }

    const isOwnUi = (e: Event) => !!ui && e.composedPath().includes(ui.shadowHost);
    ctx.addEventListener(
      document,
      'pointerdown',
      (e) => {
        // A person's press outside closes the bubble; a page's forged one (on another Verso host, say) does not.
        if (e.isTrusted && model.bubble.value && !isOwnUi(e)) model.close();
      },
      { capture: true },
    );
    ctx.addEventListener(
      document,
      'keydown',
      (e) => {
        if (e.isTrusted && model.bubble.value && e.key === 'Escape') {
          e.stopPropagation();
          model.close();
        }
      },
      { capture: true },
    );
    ctx.addEventListener(window, 'scroll', () => model.bubble.value && model.follow(), {
      capture: true,
      passive: true,
    });
    ctx.addEventListener(window, 'resize', () => model.bubble.value && model.reposition());

    // The translate button next to a settled selection (button.ts), as the settings say for this site.
    let options: SelectionOptions | undefined;
    const refresh = () =>
      send('selection.options', {})
        .then((answer) => {
          if (answer.ok) options = answer.value;
        })
        .catch(() => undefined);
    const loaded = refresh();
    // The settings may have changed in another tab meanwhile.
    ctx.addEventListener(window, 'focus', () => void refresh());
    let button: SelectionButtonUi | undefined;
    let mounting: Promise<SelectionButtonUi> | undefined;
    let wanted: DOMRect | undefined;
    const watcher = new SelectionButtonWatcher({
      doc: document,
      options: () => ({ enabled: !!options?.button && !model.bubble.value, inFields: !!options?.inFields }),
      isOwnUi: (node) => (!!ui && ui.shadowHost.contains(node)) || (button?.contains(node) ?? false),
      show(anchor) {
        wanted = anchor;
        mounting ??= mountSelectionButton(ctx, {
          shortcut: () => options?.shortcut ?? '',
          onTranslate() {
            watcher.hide();
            void show({ trigger: 'menu', sendContext: options?.sendContext ?? true }, true);
          },
        });
        void mounting.then((ready) => {
          button = ready;
          if (wanted) ready.show(wanted);
        });
      },
      hide() {
        wanted = undefined;
        button?.hide();
      },
      timers: { set: (run, ms) => contextTimers(ctx).setTimeout(run, ms), clear: (id) => contextTimers(ctx).clear(id) },
    });
    hideButton = () => watcher.hide();
    ctx.onInvalidated(() => watcher.dispose());
    ctx.addEventListener(document, 'selectionchange', () => watcher.onSelectionChange());
    // Text fields report their selections with `select`.
    ctx.addEventListener(document, 'select', () => watcher.onSelectionChange(), { capture: true });
    ctx.addEventListener(document, 'pointerdown', (e) => watcher.onPointerDown(e), { capture: true });
    ctx.addEventListener(document, 'pointerup', () => watcher.onPointerUp(), { capture: true });
    ctx.addEventListener(document, 'keydown', (e) => watcher.onKeyDown(e), { capture: true });
    // Editors that make a key's edit themselves (Slate, CKEditor 5) cancel its beforeinput: no input follows.
    ctx.addEventListener(document, 'beforeinput', () => watcher.onInput(), { capture: true });
    ctx.addEventListener(document, 'input', () => watcher.onInput(), { capture: true });
    ctx.addEventListener(window, 'scroll', () => watcher.onScroll(), { capture: true, passive: true });
    return {
      // The person's selection brought Verso's features (lib/bootstrap): its button shows now.
      boot(reasons) {
        if (!reasons.includes('selection')) return;
        const at = (globalThis as { __versoBoot?: BootState }).__versoBoot?.selectedAt;
        void loaded.then(() =>
          at === undefined ? watcher.onSelectionChange() : watcher.onSelectionChangedAgo(performance.now() - at),
        );
      },
    };
  },
};
