/** Where a run of inline content lives: a block element, or a shadow root holding loose text. */
export type RunParent = Element | ShadowRoot;

/**
 * An inline element of a text unit, known by its short id (`v1`, `v2`...). The id is what the
 * service sees; the element itself never leaves the page.
 */
export interface Ref {
  readonly el: Element;
  /** Tag name sent to the service; the response must use the same one for the id to count. */
  readonly tag: string;
  /** Sent as an empty placeholder; its content is neither sent nor touched. */
  readonly atomic: boolean;
  /** Id of the ref that holds it, or null when it sits directly in the run. */
  readonly parent: string | null;
}

/** A block's run of inline content, translated as one HTML string. */
export interface TextUnit {
  readonly kind: 'text';
  readonly uid: number;
  readonly parent: RunParent;
  /** Element whose visibility stands for the unit (the parent, or the shadow host). */
  readonly target: Element;
  /** The run: consecutive children of `parent`, in document order. */
  readonly nodes: readonly ChildNode[];
  /** What the service receives (`tag_handling: html`). */
  readonly source: string;
  /** Code points of text in `source`: what the service bills. */
  readonly chars: number;
  readonly refs: ReadonlyMap<string, Ref>;
  /** Child lists at segmentation time: key null is the run, other keys are ref ids. */
  readonly children: ReadonlyMap<string | null, readonly ChildNode[]>;
  /** Text nodes of the run and their data at segmentation time. */
  readonly texts: ReadonlyMap<Text, string>;
  /** Whitespace trimmed from the run's edges, put back after merging so words do not glue. */
  readonly lead: boolean;
  readonly trail: boolean;
}

export type AttrName = 'title' | 'alt' | 'placeholder' | 'aria-label' | 'aria-description';

/** A translatable attribute value, sent as escaped text. */
export interface AttrUnit {
  readonly kind: 'attr';
  readonly uid: number;
  readonly element: Element;
  readonly target: Element;
  readonly name: AttrName;
  readonly original: string;
  readonly source: string;
  readonly chars: number;
}

export type Unit = TextUnit | AttrUnit;

/** A translated unit's content as a tree of safe pieces: text, or a ref id. */
export type Piece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'el'; readonly ref: string; readonly children: readonly Piece[] }
  | { readonly kind: 'keep'; readonly ref: string };

/** Nodes the page translation already owns, so a new pass does not take them again. */
export interface Claims {
  hasNode(node: Node): boolean;
  hasAttribute(el: Element, name: AttrName): boolean;
}

let lastUid = 0;
export const nextUid = (): number => ++lastUid;
