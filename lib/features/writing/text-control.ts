import { applyEdits, type Edit } from './diff-model.ts';

type TextControl = HTMLTextAreaElement | HTMLInputElement;

/**
 * Types the replacement like a person would: `insertText` (or `delete`) on the current selection fires
 * beforeinput and input, so page frameworks update their state, and it joins the browser's undo stack.
 */
export function typeOverSelection(doc: Document, text: string): boolean {
  try {
    return text ? doc.execCommand('insertText', false, text) : doc.execCommand('delete', false);
  } catch {
    return false;
  }
}

/**
 * Sets the value through the element class's own setter (not a framework's patched one on the
 * instance), then reports it with an input event, which is what React and Vue listen for.
 */
export function setValueNatively(el: TextControl, value: string): void {
  const view = el.ownerDocument.defaultView ?? window;
  const proto = el.localName === 'textarea' ? view.HTMLTextAreaElement.prototype : view.HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: value }));
}

/** Some input types (email) have no selection API; there the whole value is replaced at once. */
function hasSelectionApi(el: TextControl): boolean {
  try {
    return typeof el.selectionStart === 'number';
  } catch {
    return false;
  }
}

/** Applies edits (last first, in the coordinates of the current value) to a textarea or input. */
export function applyToControl(el: TextControl, edits: readonly Edit[]): void {
  const expected = applyEdits(el.value, edits);
  el.focus({ preventScroll: true });
  const doc = el.ownerDocument;
  if (hasSelectionApi(el)) {
    for (const edit of edits) {
      el.setSelectionRange(edit.start, edit.end);
      if (!typeOverSelection(doc, edit.text)) break;
    }
  } else {
    el.select();
    typeOverSelection(doc, expected);
  }
  if (el.value !== expected) setValueNatively(el, expected);
}
