import {
  activeElementOf,
  closest,
  defaultViewOf,
  documentElementOf,
  getAttribute,
  getBoundingClientRect,
  getSelectionIn,
  isContentEditableOf,
  localNameOf,
  nodeTypeOf,
  parentElementOf,
  shadowActiveElementOf,
  shadowRootOf,
} from '../../dom/unclobbered.ts';
import { contextString, fieldTextAround, textAround } from './context.ts';
import { type SerializedSelection, type SerializeOptions, serializePlainText, serializeRange } from './serialize.ts';

export type TextField = HTMLTextAreaElement | HTMLInputElement;

/** Where the selection lives, which decides how "Replace selection" writes the translation back. */
export type SelectionTarget =
  | { kind: 'field'; field: TextField; start: number; end: number }
  | { kind: 'range'; range: Range; editingHost: HTMLElement | null }
  /** Only the menu's copy of the text is known (a frame that would not show its selection). */
  | { kind: 'detached' };

export interface Capture {
  selection: SerializedSelection;
  /** Text around the selection for `context`; empty when not wanted. */
  context: string;
  /** The `lang` the page declares where the selection starts. */
  pageLang?: string;
  target: SelectionTarget;
  /** Where the selection is on screen now (it moves as the page scrolls). */
  rect(): DOMRect;
}

const ELEMENT = 1;
/** HTMLElement's own getter; an SVG element (no such member) is never editable text here. */
const editable = (el: Element): boolean => el instanceof HTMLElement && isContentEditableOf(el);

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', '']);

/** The focused element, looking into open shadow roots (editors built as web components). */
export function deepActiveElement(doc: Document): Element | null {
  let el = activeElementOf(doc);
  for (let root = el && shadowRootOf(el); root; root = el && shadowRootOf(el)) {
    const inner = shadowActiveElementOf(root);
    if (!inner) break;
    el = inner;
  }
  return el;
}

function asTextField(el: Element | null): TextField | null {
  if (!el) return null;
  const tag = localNameOf(el);
  if (tag === 'textarea') return el as HTMLTextAreaElement;
  // Never a password: its value is not the person's to send anywhere.
  if (tag === 'input' && TEXT_INPUT_TYPES.has((el as HTMLInputElement).type.toLowerCase()))
    return el as HTMLInputElement;
  return null;
}

const isWritable = (field: TextField) => !field.readOnly && !field.disabled;

/** The element that owns contenteditable editing for a node, if the node is editable at all. */
export function editingHostOf(node: Node): HTMLElement | null {
  let el = nodeTypeOf(node) === ELEMENT ? (node as HTMLElement) : parentElementOf(node);
  if (!el || !editable(el)) return null;
  for (let up = parentElementOf(el); up && editable(up); up = parentElementOf(up)) el = up;
  return el;
}

const langOf = (node: Node): string | undefined => {
  const el = nodeTypeOf(node) === ELEMENT ? (node as Element) : parentElementOf(node);
  const declared = el ? closest(el, '[lang]') : null;
  return (declared && getAttribute(declared, 'lang')?.trim()) || undefined;
};

function captureField(field: TextField, withContext: boolean, maxChars?: number): Capture | null {
  const start = field.selectionStart ?? 0;
  const end = field.selectionEnd ?? 0;
  const value = field.value;
  const selected = value.slice(start, end);
  // Too long to translate: its length is all that is needed.
  const selection =
    maxChars !== undefined && selected.length > maxChars && selected.trim() !== ''
      ? { ...serializePlainText(''), text: selected }
      : serializePlainText(selected);
  if (selection.paragraphs.length === 0 && selection.text === '') return null;
  return {
    selection,
    context: withContext ? contextString(fieldTextAround(value, start, end)) : '',
    pageLang: langOf(field),
    target: isWritable(field) ? { kind: 'field', field, start, end } : { kind: 'detached' },
    rect: () => getBoundingClientRect(field),
  };
}

function startOf(range: Range): Range {
  const start = range.cloneRange();
  start.collapse(true);
  return start;
}

function captureRange(range: Range, withContext: boolean, options: SerializeOptions): Capture | null {
  const selection = serializeRange(range, options);
  if (selection.paragraphs.length === 0) return null;
  const startHost = editingHostOf(range.startContainer);
  const editingHost = startHost && startHost === editingHostOf(range.endContainer) ? startHost : null;
  return {
    selection,
    context: withContext ? contextString(textAround(range, undefined, options)) : '',
    pageLang: langOf(range.startContainer),
    target: { kind: 'range', range, editingHost },
    // Measuring a selection too long to translate costs a layout walk of all of it, on every scroll:
    // its start is where the bubble goes.
    rect: () => (selection.cut ? startOf(range) : range).getBoundingClientRect(),
  };
}

export interface CaptureOptions extends SerializeOptions {
  withContext: boolean;
  /** The browser's copy of the selected text (context menu), used when the page's cannot be read. */
  fallbackText?: string;
  /** The length of the browser's copy when it was too long to pass on (over `maxChars`). */
  fallbackChars?: number;
}

/** The current selection of a document, serialised, with its surroundings; null when nothing is selected. */
export function captureSelection(doc: Document, options: CaptureOptions): Capture | null {
  const field = asTextField(deepActiveElement(doc));
  if (field && (field.selectionStart ?? 0) !== (field.selectionEnd ?? 0)) {
    const captured = captureField(field, options.withContext, options.maxChars);
    if (captured) return captured;
  }
  const selection = getSelectionIn(doc);
  if (selection && selection.rangeCount > 0 && !selection.isCollapsed) {
    const captured = captureRange(selection.getRangeAt(0).cloneRange(), options.withContext, options);
    if (captured) return captured;
  }
  const tooLong = options.maxChars !== undefined && (options.fallbackChars ?? 0) > options.maxChars;
  if (options.fallbackText?.trim() || tooLong) {
    const selection: SerializedSelection = tooLong
      ? { ...serializePlainText(''), cut: true }
      : serializePlainText(options.fallbackText ?? '');
    const view = defaultViewOf(doc);
    const html = documentElementOf(doc);
    return {
      selection,
      context: '',
      pageLang: (html && getAttribute(html, 'lang')) ?? undefined,
      target: { kind: 'detached' },
      rect: () => new DOMRect((view?.innerWidth ?? 400) / 2 - 180, 24, 0, 0),
    };
  }
  return null;
}
