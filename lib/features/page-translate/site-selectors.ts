import { closest, hostOrNull, matches, parentOf } from '../../dom/unclobbered.ts';
import type { PageSelectors } from './messages.ts';
import type { Unit } from './segments/index.ts';

/** A selector list the browser accepts, else undefined (an invalid one is left out, never thrown). */
function usable(selector: string | undefined, probe: Element): string | undefined {
  if (!selector?.trim()) return undefined;
  try {
    matches(probe, selector);
    return selector;
  } catch {
    return undefined;
  }
}

/** Whether `el` or an ancestor matches `selector`, across shadow roots (a post inside a component). */
function within(el: Element, selector: string): boolean {
  for (let cur: Element | null = el; cur; ) {
    if (closest(cur, selector)) return true;
    // On to the shadow host, when the element is inside a shadow root.
    let top: Node = cur;
    for (let up = parentOf(top); up; up = parentOf(top)) top = up;
    cur = hostOrNull(top);
  }
  return false;
}

/**
 * The person's per-site selectors (their site rule, through the plan): units inside an excluded part, or
 * outside every included part, are never sent. Selectors the browser does not accept are left out.
 */
export class PartSelectors {
  private readonly exclude: string | undefined;
  private readonly include: string | undefined;

  constructor(selectors: PageSelectors | undefined, probe: Element) {
    this.exclude = usable(selectors?.exclude, probe);
    this.include = usable(selectors?.include, probe);
  }

  get active(): boolean {
    return this.exclude !== undefined || this.include !== undefined;
  }

  allows(unit: Unit): boolean {
    const el = unit.kind === 'attr' ? unit.element : unit.target;
    if (this.exclude && within(el, this.exclude)) return false;
    return !this.include || within(el, this.include);
  }
}
