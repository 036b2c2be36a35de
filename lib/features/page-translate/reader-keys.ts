import type { ContentScriptContext } from 'wxt/utils/content-script-context';

/** What the page's print, find and select-all keys need of the translation session. */
export interface WholePageNeeds {
  partsLeft(): boolean;
  readAll(): void;
  completeForPrint(): Promise<void>;
}

const editable = (target: EventTarget | null): boolean => {
  const el = target as (HTMLElement & { isContentEditable?: boolean }) | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.isContentEditable === true || el.closest('input, textarea, select') !== null;
};

/** The key alone with the platform's command modifier (Ctrl, or Cmd on a Mac). */
const command = (event: KeyboardEvent, key: string): boolean =>
  event.key.toLowerCase() === key && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

/**
 * Print, find-in-page and select-all work on the whole page, while "as you read" translates only what
 * was read. So:
 * - Ctrl/Cmd+P with parts left is held: the rest of the page is translated, then the page is printed.
 * - A print started otherwise (the browser's menu, the page's own button) cannot be held: `beforeprint`
 *   sends the rest, so that this page's next print is whole; this one prints what is translated now.
 * - Ctrl/Cmd+F and Ctrl/Cmd+A (outside fields) send the rest, so the words searched for and the text
 *   copied are the translation a moment later. None of this changes the site's reading.
 * Only the person's own key presses count (`isTrusted`): a page cannot make Verso send its whole text.
 */
export function watchWholePageKeys(ctx: ContentScriptContext, session: WholePageNeeds, win: Window = window): void {
  let printing = false;
  ctx.addEventListener(
    win,
    'keydown',
    (event) => {
      if (!event.isTrusted || !session.partsLeft()) return;
      if (command(event, 'p')) {
        event.preventDefault();
        event.stopImmediatePropagation();
        if (printing) return;
        printing = true;
        void session.completeForPrint().then(() => {
          printing = false;
          win.print();
        });
        return;
      }
      if (command(event, 'f') || (command(event, 'a') && !editable(event.target))) session.readAll();
    },
    { capture: true },
  );
  ctx.addEventListener(win, 'beforeprint', () => {
    if (!printing && session.partsLeft()) session.readAll();
  });
}
