import type { Edit } from './diff-model.ts';
import { applyToDocs, docsCaret, readDocs } from './docs-canvas.ts';
import { applyToEditable, offsetOf, readEditable } from './editable-text.ts';
import type { EligibleField } from './eligibility.ts';
import { applyToControl } from './text-control.ts';

type TextControl = HTMLTextAreaElement | HTMLInputElement;

/** The field's text as writing help sees it (and as offsets of changes are counted). */
export function readFieldText(field: EligibleField): string {
  if (field.kind === 'docs') return readDocs(field.element).text;
  return field.kind === 'editable' ? readEditable(field.element).text : (field.element as TextControl).value;
}

/**
 * Applies edits (last first, in the coordinates of `readFieldText`) the way that field type needs;
 * resolves once all went (an editor that takes changes into its model draws each before the next).
 */
export async function applyToField(field: EligibleField, edits: readonly Edit[]): Promise<void> {
  if (edits.length === 0) return;
  if (field.kind === 'docs') await applyToDocs(field.element, edits);
  else if (field.kind === 'editable') await applyToEditable(field.element, edits);
  else applyToControl(field.element as TextControl, edits);
}

/** The caret's offset in `readFieldText`, or null when the field does not hold it. */
export function readFieldCaret(field: EligibleField): number | null {
  const el = field.element;
  const doc = el.ownerDocument;
  if (field.kind === 'docs') return docsCaret(el);
  if (field.kind === 'editable') {
    const selection = doc.getSelection();
    const node = selection?.focusNode;
    if (!selection || !node || !el.contains(node)) return null;
    return offsetOf(el, readEditable(el), node, selection.focusOffset);
  }
  try {
    const end = (el as TextControl).selectionEnd;
    return typeof end === 'number' ? end : null;
  } catch {
    return null;
  }
}
