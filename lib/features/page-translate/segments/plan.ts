import {
  firstChildOf,
  getAttribute,
  localNameOf,
  nextSiblingOf,
  nodeTypeOf,
  querySelectorIn,
} from '../../../dom/unclobbered.ts';
import type { Piece, Ref, TextUnit } from './types.ts';

/**
 * Reads the service's HTML into pieces that can only name the unit's own elements. The response is
 * parsed inertly and then only read: no parsed node, attribute or URL ever reaches the page.
 */

/** Turns HTML into nodes without running or loading anything. */
export type InertParser = (html: string) => ParentNode;

/**
 * The content of a `<template>` in a document of its own, made by Verso's DOMParser (never the page's):
 * that document has no browsing context, so scripts do not run and images do not load. Inside the
 * template the parser works as for a detached template's innerHTML, so, unlike a whole-document
 * parse, leading whitespace survives. An end tag `</template>` in the HTML would close the wrapper
 * early, where a template's own parse ignores it: it is renamed to an end tag of no element, which
 * the parser ignores too.
 */
export const inertParser = (): InertParser => {
  const parser = new DOMParser();
  return (html) => {
    const parsed = parser.parseFromString(`<!doctype html><template>${keepInTemplate(html)}`, 'text/html');
    return (querySelectorIn(parsed, 'template') as HTMLTemplateElement).content;
  };
};

export const parseInert: InertParser = (html) => inertParser()(html);

/** `</template` in an answer would close its wrapper: renamed to an end tag of no element (ignored). */
const keepInTemplate = (html: string): string => html.replace(/<\/template/gi, '</verso-not-template');

/**
 * Many answers in one parse: one document with a `<template>` each, which costs about what one parse
 * costs (most of a parse is making the document). The wrappers are checked afterwards: an answer that
 * opens an element whose content swallows what follows (`<textarea>`, `<plaintext>`, an unclosed
 * `<template>`) leaves another count of wrappers or stray content, and then each answer is parsed on
 * its own. Whatever comes back is only read, as with `inertParser`.
 */
export const inertParserMany = (): ((htmls: readonly string[]) => ParentNode[]) => {
  const parser = new DOMParser();
  const one = inertParser();
  return (htmls) => {
    if (htmls.length < 2) return htmls.map(one);
    const parsed = parser.parseFromString(
      `<!doctype html><head>${htmls.map((html) => `<template>${keepInTemplate(html)}</template>`).join('')}</head>`,
      'text/html',
    );
    const head = querySelectorIn(parsed, 'head');
    const out: ParentNode[] = [];
    let stray = false;
    for (let child = head ? firstChildOf(head) : null; child; child = nextSiblingOf(child)) {
      if (nodeTypeOf(child) === 1 && localNameOf(child as Element) === 'template') {
        out.push((child as HTMLTemplateElement).content);
      } else stray = true;
    }
    const body = querySelectorIn(parsed, 'body');
    if (stray || out.length !== htmls.length || (body && firstChildOf(body))) return htmls.map(one);
    return out;
  };
};

/**
 * An answer the parser would read as one text node, unchanged: no markup, no character reference, no
 * carriage return (the parser turns it into a line feed) and no NUL (which it drops). Most answers for
 * runs without elements, and for attributes, are such text: they need no parse at all.
 */
export const isPlainAnswer = (html: string): boolean => !/[<&\r\0]/.test(html);

/** Unknown elements whose text must not show up as text either. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'select',
  'head',
]);

class Reader {
  private readonly used = new Set<string>();

  constructor(private readonly refs: ReadonlyMap<string, Ref>) {}

  /**
   * An element counts as a ref only with a known id, the tag it was sent with, not used before,
   * and under the same parent as in the page, so page elements never change parents (scripts and
   * frameworks that hold them keep working). Anything else is unwrapped to its text, or dropped.
   */
  read(node: ParentNode, container: string | null, out: Piece[]): Piece[] {
    for (let child = firstChildOf(node); child; child = nextSiblingOf(child)) {
      const type = nodeTypeOf(child);
      if (type === 3) {
        const text = (child as Text).data;
        const last = out[out.length - 1];
        if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + text };
        else out.push({ kind: 'text', text });
        continue;
      }
      if (type !== 1) continue;
      const el = child as Element;
      const tag = localNameOf(el).toLowerCase();
      const id = getAttribute(el, 'id');
      const ref = id === null ? undefined : this.refs.get(id);
      if (id !== null && ref && !this.used.has(id) && ref.tag === tag && ref.parent === container) {
        this.used.add(id);
        out.push(ref.atomic ? { kind: 'keep', ref: id } : { kind: 'el', ref: id, children: this.read(el, id, []) });
        continue;
      }
      if (!DROP_WITH_CONTENT.has(tag)) this.read(el, container, out);
    }
    return out;
  }

  /**
   * Puts every ref the response lost back next to the sibling it followed in the page. Answers seldom
   * lose one, so the pieces are copied only when one is missing.
   */
  restoreMissing(pieces: Piece[], container: string | null): Piece[] {
    if (this.used.size === this.refs.size) return pieces;
    const withKids = pieces.map((p) =>
      p.kind === 'el' ? { ...p, children: this.restoreMissing([...p.children], p.ref) } : p,
    );
    let previous: string | null = null;
    for (const [id, ref] of this.refs) {
      if (ref.parent !== container) continue;
      if (!this.used.has(id)) {
        this.used.add(id);
        const at = previous === null ? -1 : withKids.findIndex((p) => p.kind !== 'text' && p.ref === previous);
        withKids.splice(at + 1, 0, { kind: 'keep', ref: id });
      }
      previous = id;
    }
    return withKids;
  }
}

/** Whether the response holds any text at all; an empty answer must not wipe a paragraph. */
const hasText = (pieces: readonly Piece[]): boolean =>
  pieces.some((p) => (p.kind === 'text' ? p.text.trim() !== '' : p.kind === 'el' ? hasText(p.children) : false));

/** The pieces of a translated unit, or undefined when the response holds no text. */
export function planFromResponse(unit: TextUnit, html: string, parse: InertParser = parseInert): Piece[] | undefined {
  const reader = new Reader(unit.refs);
  // Plain text is read as the parser would read it: one text node, or none for an empty answer.
  const plain: Piece[] = html === '' ? [] : [{ kind: 'text', text: html }];
  const read = isPlainAnswer(html) ? plain : reader.read(parse(html), null, []);
  if (!hasText(read)) return undefined;
  const pieces = reader.restoreMissing(read, null);
  const first = pieces[0];
  if (unit.lead && !(first?.kind === 'text' && /^\s/.test(first.text))) pieces.unshift({ kind: 'text', text: ' ' });
  const last = pieces[pieces.length - 1];
  if (unit.trail && !(last?.kind === 'text' && /\s$/.test(last.text))) pieces.push({ kind: 'text', text: ' ' });
  return pieces;
}

/** An attribute's translation: the response's text only, whatever markup came with it. */
export function textFromResponse(html: string, parse: InertParser = parseInert): string | undefined {
  if (isPlainAnswer(html)) return html.trim() === '' ? undefined : html;
  const parts: string[] = [];
  const collect = (node: ParentNode): void => {
    for (let child = firstChildOf(node); child; child = nextSiblingOf(child)) {
      const type = nodeTypeOf(child);
      if (type === 3) parts.push((child as Text).data);
      else if (type === 1 && !DROP_WITH_CONTENT.has(localNameOf(child as Element).toLowerCase())) {
        collect(child as Element);
      }
    }
  };
  collect(parse(html));
  const text = parts.join('');
  return text.trim() === '' ? undefined : text;
}
