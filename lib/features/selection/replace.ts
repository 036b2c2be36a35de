import type { SelectionTarget, TextField } from './capture.ts';
import { translationFragment } from './sanitize.ts';

/**
 * Writes a translation over the selection it came from. `execCommand` is deprecated but it is the only
 * way to edit as if the person typed: the page's editor sees `beforeinput`/`input` events and the
 * change can be undone with Ctrl+Z. Where it refuses, the text is set directly and an `input` event
 * is fired so frameworks that listen for it still pick the change up.
 */

function replaceInField(field: TextField, start: number, end: number, text: string): boolean {
  field.focus({ preventScroll: true });
  field.setSelectionRange(start, end);
  const doc = field.ownerDocument;
  if (doc.execCommand('insertText', false, text) && field.value.slice(start, start + text.length) === text) return true;
  field.setRangeText(text, start, end, 'end');
  field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: text }));
  return true;
}

function replaceInEditable(range: Range, host: HTMLElement, html: string): boolean {
  const doc = host.ownerDocument;
  host.focus({ preventScroll: true });
  const selection = doc.getSelection();
  if (!selection) return false;
  selection.removeAllRanges();
  selection.addRange(range);
  if (doc.execCommand('insertHTML', false, html)) return true;
  range.deleteContents();
  range.insertNode(translationFragment(html));
  host.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText' }));
  return true;
}

/**
 * `text` goes into text fields, `html` (already sanitised: inline tags and http(s) links only) into
 * contenteditable. False when the selection is not in anything editable.
 */
export function replaceSelection(target: SelectionTarget, translation: { text: string; html: string }): boolean {
  if (target.kind === 'field') return replaceInField(target.field, target.start, target.end, translation.text);
  if (target.kind === 'range' && target.editingHost)
    return replaceInEditable(target.range, target.editingHost, translation.html);
  return false;
}

export const isReplaceable = (target: SelectionTarget): boolean =>
  target.kind === 'field' || (target.kind === 'range' && target.editingHost !== null);
