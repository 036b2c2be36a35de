import { escapeText } from '../../../dom/escape.ts';
import { childNodesOf, localNameOf, nodeTypeOf, shadowRootOf } from '../../../dom/unclobbered.ts';
import { type DisplayHook, enterScope, hasWords, isPhrasingTag, roleOf, type Scope, skipsText } from './classify.ts';
import type { Ref } from './types.ts';

/**
 * A run of inline content as the compact HTML the service receives. Every element becomes a bare
 * tag that carries only `id="vN"`: no URL, class, style or handler leaves the page, and the ids
 * let the merge put the page's own elements back. See README.md for the id scheme.
 */
export interface Serialized {
  readonly html: string;
  readonly chars: number;
  readonly letters: boolean;
  readonly refs: Map<string, Ref>;
  readonly children: Map<string | null, readonly ChildNode[]>;
  readonly texts: Map<Text, string>;
  readonly lead: boolean;
  readonly trail: boolean;
  /** Inline shadow hosts sent as placeholders: their light children still need a pass. */
  readonly hosts: readonly Element[];
}

export interface SerializeOptions {
  readonly target: string | null;
  readonly display?: DisplayHook;
  /** The run's block renders whitespace as is (`white-space: pre*`): do not collapse it. */
  readonly keepWhitespace?: boolean;
}

const COLLAPSIBLE = /[\t\n\f\r ]+/g;

/** Code points, as the service counts them: a surrogate pair is one (counted without making a string per character). */
const codePoints = (text: string): number => {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const high = text.charCodeAt(i);
    if (high < 0xd800 || high > 0xdbff) continue;
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      n--;
      i++;
    }
  }
  return n;
};

class Writer {
  out: string[] = [];
  chars = 0;
  letters = 0;
  /** The last thing written was collapsible space, or nothing was written yet. */
  space = true;
  started = false;
  lead = false;
  next = 1;
  refs: Array<[string, Ref]> = [];
  children: Array<[string, readonly ChildNode[]]> = [];
  texts: Array<[Text, string]> = [];
  hosts: Element[] = [];

  constructor(readonly opts: SerializeOptions) {}

  text(node: Text): void {
    this.texts.push([node, node.data]);
    let text = this.opts.keepWhitespace ? node.data : node.data.replace(COLLAPSIBLE, ' ');
    if (!this.opts.keepWhitespace && text.startsWith(' ') && this.space) {
      if (!this.started) this.lead = true;
      text = text.slice(1);
    }
    if (text === '') return;
    if (hasWords(text)) this.letters++;
    this.out.push(escapeText(text));
    this.chars += codePoints(text);
    this.space = text.endsWith(' ');
    this.started = true;
  }

  placeholder(el: Element, parent: string | null, tag: 'br' | 'img'): void {
    const id = `v${this.next++}`;
    this.refs.push([id, { el, tag, atomic: true, parent }]);
    this.out.push(`<${tag} id="${id}">`);
    // After a line break the browser drops leading spaces; after an object it keeps them.
    this.space = tag === 'br';
    this.started = true;
  }

  mark() {
    return {
      out: this.out.length,
      chars: this.chars,
      letters: this.letters,
      space: this.space,
      started: this.started,
      lead: this.lead,
      next: this.next,
      refs: this.refs.length,
      children: this.children.length,
      texts: this.texts.length,
    };
  }

  rollback(m: ReturnType<Writer['mark']>): void {
    this.out.length = m.out;
    this.chars = m.chars;
    this.letters = m.letters;
    this.space = m.space;
    this.started = m.started;
    this.lead = m.lead;
    this.next = m.next;
    this.refs.length = m.refs;
    this.children.length = m.children;
    this.texts.length = m.texts;
  }
}

function writeNodes(w: Writer, nodes: Iterable<ChildNode>, parent: string | null, scope: Scope, inLink: boolean): void {
  for (const node of nodes) {
    const type = nodeTypeOf(node);
    if (type === 3) {
      w.text(node as Text);
      continue;
    }
    if (type !== 1) continue;
    const el = node as Element;
    const role = roleOf(el, w.opts.display);
    if (role === 'hidden' || role === 'skip') continue;
    if (role === 'break') {
      w.placeholder(el, parent, 'br');
      continue;
    }
    const inner = enterScope(el, scope, w.opts.target);
    const shadow = shadowRootOf(el);
    if (role !== 'inline' || shadow || skipsText(inner)) {
      if (shadow) w.hosts.push(el);
      w.placeholder(el, parent, 'img');
      continue;
    }
    writeElement(w, el, parent, inner, inLink);
  }
}

function writeElement(w: Writer, el: Element, parent: string | null, scope: Scope, inLink: boolean): void {
  const mark = w.mark();
  const id = `v${w.next++}`;
  // A link inside a link would be split apart by the HTML parser on the way back.
  const name = localNameOf(el);
  const tag = isPhrasingTag(name) && !(inLink && name === 'a') ? name : 'span';
  w.refs.push([id, { el, tag, atomic: false, parent }]);
  w.out.push(`<${tag} id="${id}">`);
  const children = childNodesOf(el);
  writeNodes(w, children, id, scope, inLink || tag === 'a');
  if (w.letters === mark.letters) {
    // Nothing to translate inside (an icon, a count): one placeholder keeps it whole and unbilled.
    w.rollback(mark);
    w.placeholder(el, parent, 'img');
    return;
  }
  w.out.push(`</${tag}>`);
  w.children.push([id, Array.from(children)]);
}

/** Serialises a run (consecutive siblings) whose surroundings have the given translation scope. */
export function serializeRun(nodes: readonly ChildNode[], scope: Scope, opts: SerializeOptions): Serialized {
  const w = new Writer(opts);
  writeNodes(w, nodes, null, scope, false);
  let trail = false;
  const last = w.out.length - 1;
  if (!opts.keepWhitespace && w.space && last >= 0 && w.out[last]?.endsWith(' ')) {
    w.out[last] = w.out[last].slice(0, -1);
    w.chars--;
    trail = true;
  }
  return {
    html: w.out.join(''),
    chars: w.chars,
    letters: w.letters > 0,
    refs: new Map(w.refs),
    children: new Map<string | null, readonly ChildNode[]>([[null, nodes], ...w.children]),
    texts: new Map(w.texts),
    lead: w.lead,
    trail,
    hosts: w.hosts,
  };
}
