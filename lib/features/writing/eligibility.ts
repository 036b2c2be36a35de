export type FieldKind = 'textarea' | 'input' | 'editable';

export interface EligibleField {
  /** The textarea, the input, or the editing host of a contenteditable region. */
  element: HTMLElement;
  kind: FieldKind;
}

/** Input types that hold prose-like text; `input.type` is already `text` for a missing or unknown type. */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url']);

/**
 * Autocomplete tokens of fields whose content must never leave the page: payment cards, one-time codes,
 * and passwords (a "show password" toggle turns a password field into type=text, the token stays).
 */
function isSensitiveAutocomplete(value: string | null): boolean {
  if (!value) return false;
  return value
    .toLowerCase()
    .split(/\s+/)
    .some((token) => token.startsWith('cc-') || ['one-time-code', 'current-password', 'new-password'].includes(token));
}

function isEditableElement(el: Element): el is HTMLElement {
  if (!('isContentEditable' in el)) return false;
  const html = el as HTMLElement;
  if (typeof html.isContentEditable === 'boolean' && html.isContentEditable) return true;
  // Some DOM implementations do not compute isContentEditable: read the attribute chain instead.
  const holder = el.closest('[contenteditable]');
  const value = holder?.getAttribute('contenteditable')?.toLowerCase();
  return value === '' || value === 'true' || value === 'plaintext-only';
}

/** The outermost element of the editable region `el` belongs to. */
function editingHost(el: HTMLElement): HTMLElement {
  let host = el;
  for (let parent = el.parentElement; parent && isEditableElement(parent); parent = parent.parentElement) host = parent;
  return host;
}

/**
 * The field writing help may offer itself for, or null. Never for passwords, payment or one-time-code
 * fields, read-only or disabled fields, nor anything inside an element marked `data-verso="off"`.
 */
export function eligibleField(target: EventTarget | null): EligibleField | null {
  if (!target || typeof (target as Element).closest !== 'function') return null;
  const el = target as Element;
  if (el.closest('[data-verso="off" i]')) return null;
  const name = el.localName;
  if (name === 'textarea' || name === 'input') {
    const control = el as HTMLTextAreaElement | HTMLInputElement;
    if (control.readOnly || control.disabled) return null;
    if (isSensitiveAutocomplete(control.getAttribute('autocomplete'))) return null;
    if (name === 'textarea') return { element: control, kind: 'textarea' };
    return TEXT_INPUT_TYPES.has((control as HTMLInputElement).type) ? { element: control, kind: 'input' } : null;
  }
  if (!isEditableElement(el)) return null;
  const host = editingHost(el);
  if (host.closest('[data-verso="off" i]') || isSensitiveAutocomplete(host.getAttribute('autocomplete'))) return null;
  return { element: host, kind: 'editable' };
}

/** Input types checked as you type: prose, not addresses (`url`) or anything else. */
const TYPING_INPUT_TYPES = new Set(['text', 'search', 'email']);

/**
 * The field checking as you type works in: an eligible field (never passwords, payment cards, one-time
 * codes, read-only, disabled or opted-out fields), and of the inputs only text, search and email.
 */
export function typingField(target: EventTarget | null): EligibleField | null {
  const field = eligibleField(target);
  if (!field) return null;
  if (field.kind === 'input' && !TYPING_INPUT_TYPES.has((field.element as HTMLInputElement).type)) return null;
  return field;
}
