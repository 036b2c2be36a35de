/**
 * DOM reads and writes that a page's markup cannot redirect.
 *
 * A `<form>` answers the names and ids of its controls before its own members (WebIDL
 * `[LegacyOverrideBuiltIns]`), and so does `document` for named images, forms, embeds and objects.
 * With `<input name="parentNode">` inside, `form.parentNode` is that input, whatever world asks:
 * a walk that trusts it goes round in circles, and `querySelectorAll`, `matches`, `nodeType` or
 * `firstChild` turn into elements too. Every pass over page nodes therefore goes through the
 * prototypes' own getters and methods, looked up once when this module loads and called on the
 * node. Verso's content-script world has its own prototypes, which the page cannot change.
 * (DOMPurify and Closure's sanitizer protect themselves the same way; neither exports it.)
 *
 * Outside a DOM (the background worker imports `lib/dom/escape.ts` beside it) nothing is looked up,
 * and nothing here is called.
 */

type Fn = (this: unknown, ...args: never[]) => unknown;

const protoOf = (name: string): object | undefined =>
  (globalThis as unknown as Record<string, { prototype?: object } | undefined>)[name]?.prototype;

/** The descriptor of `name` on `proto` or the nearest prototype above it that defines it. */
function descriptorOf(proto: object | undefined, name: string): PropertyDescriptor | undefined {
  for (let p: object | null | undefined = proto; p; p = Object.getPrototypeOf(p) as object | null) {
    const found = Object.getOwnPropertyDescriptor(p, name);
    if (found) return found;
  }
  return undefined;
}

const missing = (name: string) => () => {
  throw new TypeError(`No DOM here: ${name}`);
};

function getter<T, R>(type: string, name: string): (node: T) => R {
  const get = (descriptorOf(protoOf(type), name)?.get ?? missing(name)) as Fn;
  return (node) => get.call(node) as R;
}

function setter<T, V>(type: string, name: string): (node: T, value: V) => void {
  const set = (descriptorOf(protoOf(type), name)?.set ?? missing(name)) as (this: unknown, value: V) => void;
  return (node, value) => set.call(node, value);
}

function method<T, A extends unknown[], R>(type: string, name: string): (node: T, ...args: A) => R {
  const value = descriptorOf(protoOf(type), name)?.value;
  const fn = (typeof value === 'function' ? value : missing(name)) as (this: unknown, ...args: A) => R;
  return (node, ...args) => fn.call(node, ...args);
}

// Node
export const parentOf = getter<Node, (Node & ParentNode) | null>('Node', 'parentNode');
export const firstChildOf = getter<Node | ParentNode, ChildNode | null>('Node', 'firstChild');
export const nextSiblingOf = getter<Node, ChildNode | null>('Node', 'nextSibling');
export const previousSiblingOf = getter<Node, ChildNode | null>('Node', 'previousSibling');
export const nodeTypeOf = getter<Node, number>('Node', 'nodeType');
export const childNodesOf = getter<Node, NodeListOf<ChildNode>>('Node', 'childNodes');
export const lastChildOf = getter<Node | ParentNode, ChildNode | null>('Node', 'lastChild');
export const parentElementOf = getter<Node, HTMLElement | null>('Node', 'parentElement');
export const ownerDocumentOf = getter<Node, Document | null>('Node', 'ownerDocument');
export const baseURIOf = getter<Node, string>('Node', 'baseURI');
const elementTextOf = getter<Node, string | null>('Element', 'textContent');
export const isConnected = getter<Node, boolean>('Node', 'isConnected');
export const contains = method<Node, [Node | null], boolean>('Node', 'contains');
export const insertBefore = method<Node, [Node, Node | null], Node>('Node', 'insertBefore');
export const removeChild = method<Node, [Node], Node>('Node', 'removeChild');
export const cloneNode = method<Node, [boolean?], Node>('Node', 'cloneNode');

// Element
export const localNameOf = getter<Element, string>('Element', 'localName');
export const shadowRootOf = getter<Element, ShadowRoot | null>('Element', 'shadowRoot');
export const attributesOf = getter<Element, NamedNodeMap>('Element', 'attributes');
export const firstElementChildOf = getter<Element, Element | null>('Element', 'firstElementChild');
export const nextElementSiblingOf = getter<Element, Element | null>('Element', 'nextElementSibling');
export const getAttribute = method<Element, [string], string | null>('Element', 'getAttribute');
export const hasAttribute = method<Element, [string], boolean>('Element', 'hasAttribute');
export const hasAttributes = method<Element, [], boolean>('Element', 'hasAttributes');
export const setAttribute = method<Element, [string, string], void>('Element', 'setAttribute');
export const removeAttribute = method<Element, [string], void>('Element', 'removeAttribute');
export const matches = method<Element, [string], boolean>('Element', 'matches');
export const closest = method<Element, [string], Element | null>('Element', 'closest');
export const isContentEditableOf = getter<HTMLElement, boolean>('HTMLElement', 'isContentEditable');
export const getBoundingClientRect = method<Element, [], DOMRect>('Element', 'getBoundingClientRect');
export const getElementsByTagName = method<Element, [string], HTMLCollectionOf<Element>>(
  'Element',
  'getElementsByTagName',
);
const elementQueryAll = method<Element, [string], NodeListOf<Element>>('Element', 'querySelectorAll');
const fragmentQueryAll = method<DocumentFragment, [string], NodeListOf<Element>>(
  'DocumentFragment',
  'querySelectorAll',
);

// ShadowRoot and Document (a document's named images and forms shadow its members too)
export const hostOf = getter<ShadowRoot, Element>('ShadowRoot', 'host');
/** Typed as the DOM types it: a frameset page, which has none, is not translated. */
export const bodyOf = getter<Document, HTMLElement>('Document', 'body');
export const headOf = getter<Document, HTMLHeadElement | null>('Document', 'head');
export const documentElementOf = getter<Document, HTMLElement | null>('Document', 'documentElement');
export const createElement = method<Document, [string], HTMLElement>('Document', 'createElement');
export const createTextNode = method<Document, [string], Text>('Document', 'createTextNode');
export const createRange = method<Document, [], Range>('Document', 'createRange');
export const querySelectorIn = method<Document, [string], Element | null>('Document', 'querySelector');
export const titleOf = getter<Document, string>('Document', 'title');
export const activeElementOf = getter<Document, Element | null>('Document', 'activeElement');
export const shadowActiveElementOf = getter<ShadowRoot, Element | null>('ShadowRoot', 'activeElement');
export const defaultViewOf = getter<Document, (Window & typeof globalThis) | null>('Document', 'defaultView');
export const getSelectionIn = method<Document, [], Selection | null>('Document', 'getSelection');
export const createTreeWalker = method<Document, [Node, number?], TreeWalker>('Document', 'createTreeWalker');
export const adoptedSheetsOf = getter<Document, readonly CSSStyleSheet[]>('Document', 'adoptedStyleSheets');
export const setAdoptedSheets = setter<Document, CSSStyleSheet[]>('Document', 'adoptedStyleSheets');

const ELEMENT = 1;
const FRAGMENT = 11;

/** Elements under an element or a shadow root, in document order. */
export const querySelectorAll = (root: Element | ShadowRoot, selector: string): NodeListOf<Element> =>
  nodeTypeOf(root) === ELEMENT
    ? elementQueryAll(root as Element, selector)
    : fragmentQueryAll(root as ShadowRoot, selector);

/** A shadow root's host, or null for anything else. */
export const hostOrNull = (node: Node): Element | null =>
  nodeTypeOf(node) === FRAGMENT && protoOf('ShadowRoot') && node instanceof ShadowRoot ? hostOf(node) : null;

/** Parent across a shadow boundary: a shadow root's parent is its host. */
export const parentAcross = (node: Node): Node | null => parentOf(node) ?? hostOrNull(node);

/** The text of a node: a text node's or comment's data, an element's text content. */
export const textContentOf = (node: Node): string | null =>
  nodeTypeOf(node) === ELEMENT ? elementTextOf(node) : ((node as Partial<CharacterData>).data ?? null);

/** `node.after(inserted)`, for any child node. */
export function insertAfter(node: Node, inserted: Node): void {
  const parent = parentOf(node);
  if (parent) insertBefore(parent, inserted, nextSiblingOf(node));
}
