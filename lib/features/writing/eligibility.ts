import { closest, getAttribute, hostOf, nodeTypeOf, parentElementOf, parentOf } from '../../dom/unclobbered.ts';
import { isDocsInputFrame } from './docs-canvas.ts';

/** `docs`: a Google Docs editor read through its canvas annotations (`docs-canvas.ts`). */
export type FieldKind = 'textarea' | 'input' | 'editable' | 'docs';

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
    .some((token) => token.startsWith('cc-') || token.includes('password') || token === 'one-time-code');
}

/** The words of a name or id: `userPassword`, `user_password` and `user-password` give user, password. */
function wordsOf(value: string | null): string[] {
  if (!value) return [];
  return value
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/** Words and parts of names that say "password" (a shown password is an input of type text). */
const PASSWORD_WORDS = new Set(['password', 'passwd', 'pwd', 'pin', 'pincode', 'passcode', 'passwort']);
const PASSWORD_PARTS = ['password', 'passwd', 'passcode', 'passwort'];
/** Words and parts of names, labels and placeholders that say "payment card" or "bank account". */
const CARD_WORDS = new Set(['cvc', 'cvv', 'cvn', 'csc', 'iban']);
const CARD_PARTS = ['cardnumber', 'cardnum', 'ccnumber', 'ccnum', 'creditcard', 'debitcard', 'securitycode'];

function saysAny(values: readonly (string | null)[], words: ReadonlySet<string>, parts: readonly string[]): boolean {
  return values.some((value) => {
    if (!value) return false;
    const joined = value.toLowerCase().replace(/[^a-z]+/g, '');
    return wordsOf(value).some((w) => words.has(w)) || parts.some((part) => joined.includes(part));
  });
}

/**
 * A field for a password (also one shown as text), a payment card, a bank account or a one-time code,
 * by its type, its autocomplete tokens, or what its name, id, label and placeholder say: its text
 * never leaves the page, not even when the person asks for writing help on it.
 */
function isSecretField(el: Element): boolean {
  if (el.localName === 'input' && (el as HTMLInputElement).type === 'password') return true;
  const attr = (name: string) => getAttribute(el, name);
  const values = [attr('autocomplete'), attr('name'), attr('id'), attr('aria-label'), attr('placeholder')] as const;
  // Asked on every key: the verdict is kept by what it is made of, so a changed attribute is read anew.
  const key = values.map((v) => (v === null ? '\u0001' : v)).join('\u0000');
  let verdict = secretVerdicts.get(key);
  if (verdict === undefined) {
    const [autocomplete, name, id, label, placeholder] = values;
    verdict =
      isSensitiveAutocomplete(autocomplete) ||
      saysAny([name, id], PASSWORD_WORDS, PASSWORD_PARTS) ||
      saysAny([name, id, label, placeholder], CARD_WORDS, CARD_PARTS);
    if (secretVerdicts.size >= MAX_VERDICTS) secretVerdicts.clear();
    secretVerdicts.set(key, verdict);
  }
  return verdict;
}

/** `isSecretField`'s verdicts by the attributes they were made from. */
const secretVerdicts = new Map<string, boolean>();
const MAX_VERDICTS = 256;

/**
 * The parent element, or the host of the shadow root `el` is in (the way Chromium inherits
 * `spellcheck`). Read through the prototypes' getters: a form's control named `parentNode` cannot
 * send the walk round in circles (lib/dom/unclobbered.ts).
 */
function parentOrHost(el: Element): Element | null {
  const parent = parentOf(el);
  if (!parent) return null;
  const type = nodeTypeOf(parent);
  if (type === 1) return parent as Element;
  return type === 11 && 'host' in parent ? hostOf(parent as ShadowRoot) : null;
}

/**
 * `spellcheck="false"` on the element or inherited: the nearest element up the tree with a valid value
 * (`""`, `true` or `false`, any case) decides; an invalid value or none is the default state, which
 * follows the parent.
 */
export function spellcheckOff(el: Element): boolean {
  for (let node: Element | null = el; node; node = parentOrHost(node)) {
    const value = getAttribute(node, 'spellcheck')?.toLowerCase();
    if (value === 'false') return true;
    if (value === '' || value === 'true') return false;
  }
  return false;
}

/** The editing areas of code editors: CodeMirror 6 and 5, Monaco, Ace. */
export const CODE_EDITORS = '.cm-editor, .CodeMirror, .monaco-editor, .ace_editor';

/** The field is (inside) a code editor. */
export function inCodeEditor(el: Element): boolean {
  return closest(el, CODE_EDITORS) !== null;
}

/** What the person chose about fields the page did not make for prose. */
export interface FieldChoices {
  /** Check code editors too (`TypingSettings.codeEditors`). */
  codeEditors?: boolean;
}

/** The opt-outs other writing assistants honour (Grammarly's), on the field or around it. */
const ASSISTANT_OPT_OUTS = '[data-gramm="false" i], [data-gramm_editor="false" i], [data-enable-grammarly="false" i]';

/**
 * The page asked that the field be left alone by spell checkers and writing assistants (code editors,
 * names, addresses, search boxes of code): no checking as you type, no "translate what I type", no
 * writing button. The person may still ask for writing help there with the shortcut or the menu.
 */
export function asksToBeLeftAlone(el: Element, choices: FieldChoices = {}): boolean {
  if (closest(el, ASSISTANT_OPT_OUTS) !== null) return true;
  // Code editors turn spelling off on every instance, whatever the page makes of it: where the person
  // chose to have code editors checked, that says nothing, and only the opt-outs above count.
  if (inCodeEditor(el)) return !choices.codeEditors;
  return spellcheckOff(el);
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
  for (let parent = parentElementOf(el); parent && isEditableElement(parent); parent = parentElementOf(parent)) {
    host = parent;
  }
  return host;
}

/**
 * The field writing help may act on when the person asks (shortcut, right-click menu), or null. Never
 * for passwords (also shown as text), payment cards, bank accounts or one-time codes (`isSecretField`),
 * read-only or disabled fields, nor anything inside an element marked `data-verso="off"`.
 */
export function eligibleField(target: EventTarget | null): EligibleField | null {
  if (!target || typeof (target as Element).closest !== 'function') return null;
  const el = target as Element;
  if (el.closest('[data-verso="off" i]')) return null;
  const name = el.localName;
  if (name === 'textarea' || name === 'input') {
    const control = el as HTMLTextAreaElement | HTMLInputElement;
    if (control.readOnly || control.disabled) return null;
    if (isSecretField(control)) return null;
    if (name === 'textarea') return { element: control, kind: 'textarea' };
    return TEXT_INPUT_TYPES.has((control as HTMLInputElement).type) ? { element: control, kind: 'input' } : null;
  }
  if (!isEditableElement(el)) return null;
  // Google Docs' hidden input frame holds a buffer of Docs', not the document (docs-canvas.ts).
  const view = el.ownerDocument.defaultView;
  if (view && view !== view.top && isDocsInputFrame(view)) return null;
  const host = editingHost(el);
  if (host.closest('[data-verso="off" i]') || isSecretField(host)) return null;
  return { element: host, kind: 'editable' };
}

/**
 * The field writing help offers itself for on its own (the round button on focus): an eligible field
 * whose page did not ask spell checkers and writing assistants to leave it alone (`asksToBeLeftAlone`),
 * and no code editor unless the person chose to have them checked.
 */
export function offeredField(target: EventTarget | null, choices: FieldChoices = {}): EligibleField | null {
  const field = eligibleField(target);
  return field && !asksToBeLeftAlone(field.element, choices) ? field : null;
}

/** Input types checked as you type: prose, not addresses (`url`) or anything else. */
const TYPING_INPUT_TYPES = new Set(['text', 'search', 'email']);

/**
 * The field checking as you type and "translate what I type" work in: an offered field (never
 * passwords, payment cards, one-time codes, read-only, disabled or opted-out fields, nor fields the page
 * asked to be left alone), and of the inputs only text, search and email.
 */
export function typingField(target: EventTarget | null, choices: FieldChoices = {}): EligibleField | null {
  const field = offeredField(target, choices);
  if (!field) return null;
  if (field.kind === 'input' && !TYPING_INPUT_TYPES.has((field.element as HTMLInputElement).type)) return null;
  return field;
}
