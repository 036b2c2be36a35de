import type { AttrUnit, Claims, Unit } from './segments/index.ts';

type AttrName = AttrUnit['name'];

/**
 * What is taken: the translation store's units (merged) and the units on their way to the service. A
 * new pass over the same content (the full pass after the first screen, a page change nearby) then cuts
 * no second unit out of nodes that are already being translated.
 */
export class PendingClaims implements Claims {
  private readonly nodes = new WeakSet<Node>();
  private readonly attrs = new WeakMap<Element, Set<AttrName>>();

  constructor(private readonly store: Claims) {}

  hold(unit: Unit): void {
    if (unit.kind === 'text') {
      for (const node of unit.nodes) this.nodes.add(node);
      return;
    }
    let names = this.attrs.get(unit.element);
    if (!names) {
      names = new Set();
      this.attrs.set(unit.element, names);
    }
    names.add(unit.name);
  }

  release(unit: Unit): void {
    if (unit.kind === 'text') {
      for (const node of unit.nodes) this.nodes.delete(node);
      return;
    }
    this.attrs.get(unit.element)?.delete(unit.name);
  }

  hasNode(node: Node): boolean {
    return this.nodes.has(node) || this.store.hasNode(node);
  }

  hasAttribute(el: Element, name: AttrName): boolean {
    return (this.attrs.get(el)?.has(name) ?? false) || this.store.hasAttribute(el, name);
  }
}
