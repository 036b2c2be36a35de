import type { CheckModel } from './check-model.ts';
import { typingField } from './eligibility.ts';
import { matchNextKey } from './next-key.ts';
import type { TypeTranslateModel } from './type-translate-model.ts';

interface KeyDeps {
  check: CheckModel;
  typeTranslate: TypeTranslateModel;
  /** A key in a field the person typed in before makes it the current field again. */
  backTo(event: Event): void;
  /** The event happened in the field whose suggestions show. */
  inCheckedField(event: Event): boolean;
}

/**
 * The keyboard of writing help: the next-suggestion key (F8 unless the person chose another,
 * next-key.ts) and Shift with it go from suggestion to suggestion; while a card opened that way shows,
 * Enter applies it, Escape closes it and Tab moves into it; Alt+Enter is "translate what I type". The
 * listener goes first (window, capture), so an editor does not also act on the Enter that applied a
 * suggestion. Only the person's own keys count.
 */
export function suggestionKeys({
  check,
  typeTranslate,
  backTo,
  inCheckedField,
}: KeyDeps): (event: KeyboardEvent) => void {
  return (event) => {
    if (!event.isTrusted) return;
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey;
    const stop = () => {
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    if (event.key === 'Enter' && event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      const field = typingField(event.composedPath()[0] ?? event.target);
      if (field && typeTranslate.onAltEnter(field)) stop();
      return;
    }
    const step = matchNextKey(event, check.nextKey.value);
    const active = check.active.value;
    // Most keys are neither the next-suggestion key nor one for a card opened by it: no look-up.
    if (!step && (active?.via !== 'keyboard' || !plain)) return;
    if (step && check.checking) backTo(event);
    if (!check.checking || !inCheckedField(event)) return;
    if (step) {
      if (check.step(step)) stop();
      return;
    }
    if (!active) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      stop();
      check.apply(active.key);
    } else if (event.key === 'Escape') {
      stop();
      check.closeCard();
    } else if (event.key === 'Tab' && !event.shiftKey) {
      if (check.focusCard()) stop();
    }
  };
}
