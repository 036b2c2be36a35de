import { runAll, runSliced, type Slicing, type Steps } from '../../../dom/schedule.ts';
import {
  firstChildOf,
  firstElementChildOf,
  hasAttribute,
  hostOf,
  nextElementSiblingOf,
  nextSiblingOf,
  nodeTypeOf,
  parentOf,
  shadowRootOf,
} from '../../../dom/unclobbered.ts';
import { collectAttributes } from './attributes.ts';
import {
  baseLang,
  type DisplayHook,
  enterScope,
  OWN_ATTR,
  roleOf,
  type Scope,
  scopeAround,
  skipsText,
} from './classify.ts';
import { serializeRun } from './serialize.ts';
import { splitRun } from './split.ts';
import { type AttrUnit, type Claims, nextUid, type RunParent, type TextUnit, type Unit } from './types.ts';

export interface SegmentOptions {
  /** Target language as the service spells it (`DE`, `EN-GB`); only its base language is compared. */
  readonly targetLang: string;
  /** Leave content whose nearest `lang` already is the target language (default true). */
  readonly honourLang?: boolean;
  /** Collect title/alt/placeholder/aria-label units (default true). */
  readonly attributes?: boolean;
  /** Content already translated: runs touching it are not taken again. */
  readonly claims?: Claims;
  /** Corrects the tag-based block/inline guess, e.g. from `getComputedStyle(el).display`. */
  readonly display?: DisplayHook;
  /** Longer runs are cut between nodes into several units (default 5,000 characters of text). */
  readonly maxUnitChars?: number;
  /** Whether a block renders whitespace as is (`white-space: pre-wrap` and the like). */
  readonly keepsWhitespace?: (parent: RunParent) => boolean;
  /**
   * Only the runs directly inside the root: nested blocks are not entered, and a run that holds a shadow
   * host is left whole to a later full pass (default false).
   */
  readonly shallow?: boolean;
}

export interface SegmentResult {
  /** Text units in document order (shadow content where its host is), then attribute units. */
  readonly units: Unit[];
  /** Open shadow roots met on the way, for the watcher to observe. */
  readonly shadowRoots: ShadowRoot[];
  /** Blocks left out because their `lang` is the target's (a post marked `lang="de"` for a German target). */
  readonly sameLang: Element[];
}

interface Frame {
  readonly parent: RunParent;
  readonly target: Element;
  readonly scope: Scope;
  next: ChildNode | null;
  run: ChildNode[];
}

/** Far below the request size limit, and long enough to keep a paragraph's context together. */
const MAX_UNIT_CHARS = 5000;

/** How many nodes a walk visits between two chances to yield. */
const STEP = 64;

class Walker {
  readonly texts: TextUnit[] = [];
  readonly attrs: AttrUnit[] = [];
  readonly shadowRoots: ShadowRoot[] = [];
  readonly sameLang: Element[] = [];
  private readonly stack: Frame[] = [];
  private readonly blocky = new Map<Element, boolean>();
  /** Nodes visited or serialised so far; the walk yields every STEP of them. */
  private work = 0;
  private readonly target: string | null;

  constructor(private readonly opts: SegmentOptions) {
    this.target = opts.honourLang === false ? null : baseLang(opts.targetLang);
  }

  *walk(root: RunParent): Steps<void> {
    const around = scopeAround(root, this.target);
    const isElement = nodeTypeOf(root) === 1;
    const role = isElement ? roleOf(root as Element, this.opts.display) : 'block';
    if (role === 'inline' || role === 'block') {
      const scope = isElement ? enterScope(root as Element, around, this.target) : around;
      if (role === 'block' && scope.same && !around.same) this.sameLang.push(root as Element);
      this.open(root, scope);
    }
    let nextYield = STEP;
    while (this.stack.length > 0) {
      const frame = this.stack[this.stack.length - 1]!;
      const node = frame.next;
      // A node the page moved away while the walk was paused ends its frame.
      if (node === null || parentOf(node) !== frame.parent) {
        this.stack.pop();
        this.openAll(this.flush(frame), frame.scope);
        continue;
      }
      frame.next = nextSiblingOf(node);
      if (++this.work >= nextYield) {
        nextYield = this.work + STEP;
        yield;
      }
      if (skipsText(frame.scope)) this.visitSkipped(node);
      else this.visit(frame, node);
    }
    if (this.opts.attributes !== false) {
      for (const r of [root, ...this.shadowRoots])
        yield* collectAttributes(r, this.target, this.opts.claims, this.attrs);
    }
  }

  /** Inside untranslated content, only a nested `translate="yes"` or other `lang` matters. */
  private visitSkipped(node: ChildNode): void {
    if (nodeTypeOf(node) !== 1) return;
    const el = node as Element;
    const role = roleOf(el, this.opts.display);
    if (role === 'atomic' || role === 'hidden' || role === 'skip') return;
    const frame = this.stack[this.stack.length - 1]!;
    this.open(el, enterScope(el, frame.scope, this.target));
  }

  private visit(frame: Frame, node: ChildNode): void {
    const type = nodeTypeOf(node);
    if (type === 3) {
      frame.run.push(node);
      return;
    }
    if (type !== 1) {
      // Comments inside a run stay with it; leading ones are not part of it.
      if (frame.run.length > 0) frame.run.push(node);
      return;
    }
    const el = node as Element;
    const role = roleOf(el, this.opts.display);
    if (role === 'hidden') {
      if (frame.run.length > 0) frame.run.push(el);
      return;
    }
    if (role === 'break' || role === 'atomic') {
      frame.run.push(el);
      return;
    }
    const inner = enterScope(el, frame.scope, this.target);
    if (role === 'block' && inner.same && !frame.scope.same) this.sameLang.push(el);
    if (role === 'inline' && (shadowRootOf(el) || skipsText(inner) || !this.holdsBlock(el))) {
      frame.run.push(el);
      return;
    }
    const hosts = this.flush(frame);
    if (this.opts.shallow) return;
    if (role !== 'skip') this.open(el, inner);
    this.openAll(hosts, frame.scope);
  }

  /** Pushes a container: its shadow root (what renders) is walked before its light children. */
  private open(parent: RunParent, scope: Scope): void {
    const isElement = nodeTypeOf(parent) === 1;
    const target = isElement ? (parent as Element) : hostOf(parent as ShadowRoot);
    this.stack.push({ parent, target, scope, next: firstChildOf(parent), run: [] });
    const shadow = isElement ? shadowRootOf(parent as Element) : null;
    if (shadow && !this.shadowRoots.includes(shadow)) {
      this.shadowRoots.push(shadow);
      this.stack.push({ parent: shadow, target, scope, next: firstChildOf(shadow), run: [] });
    }
  }

  /** Hosts are opened last-first so that the first ends up on top of the stack. */
  private openAll(hosts: readonly Element[], around: Scope): void {
    for (let i = hosts.length - 1; i >= 0; i--) {
      const host = hosts[i]!;
      this.open(host, enterScope(host, around, this.target));
    }
  }

  private flush(frame: Frame): readonly Element[] {
    const run = frame.run;
    frame.run = [];
    while (run.length > 0) {
      const last = run[run.length - 1]!;
      const type = nodeTypeOf(last);
      if (type === 3 || (type === 1 && roleOf(last as Element, this.opts.display) !== 'hidden')) break;
      run.pop();
    }
    if (run.length === 0) return [];
    const claims = this.opts.claims;
    if (claims && run.some((n) => claims.hasNode(n))) return [];
    const keepWhitespace = this.opts.keepsWhitespace?.(frame.parent) ?? false;
    const serialize = (nodes: readonly ChildNode[]) =>
      serializeRun(nodes, frame.scope, { target: this.target, display: this.opts.display, keepWhitespace });
    const max = this.opts.maxUnitChars ?? MAX_UNIT_CHARS;
    const whole = serialize(run);
    this.work += whole.refs.size + whole.texts.size;
    // A full pass would find a claimed run and skip its hosts' light children too: it cuts the run itself.
    if (this.opts.shallow && whole.hosts.length > 0) return [];
    const pieces =
      whole.chars > max
        ? splitRun(run, max).map((nodes) => [nodes, serialize(nodes)] as const)
        : [[run, whole] as const];
    for (const [nodes, s] of pieces) {
      if (!s.letters) continue;
      this.texts.push({
        kind: 'text',
        uid: nextUid(),
        parent: frame.parent,
        target: frame.target,
        nodes,
        source: s.html,
        chars: s.chars,
        refs: s.refs,
        children: s.children,
        texts: s.texts,
        lead: s.lead,
        trail: s.trail,
      });
    }
    return whole.hosts;
  }

  /** Whether an inline element holds block content, which makes it a container of its own. */
  private holdsBlock(el: Element): boolean {
    const known = this.blocky.get(el);
    if (known !== undefined) return known;
    let found = false;
    for (let child = firstElementChildOf(el); child && !found; child = nextElementSiblingOf(child)) {
      if (hasAttribute(child, OWN_ATTR)) continue;
      const role = roleOf(child, this.opts.display);
      found = role === 'block' || role === 'skip' || (role === 'inline' && this.holdsBlock(child));
    }
    this.blocky.set(el, found);
    return found;
  }
}

function* steps(root: RunParent, opts: SegmentOptions): Steps<SegmentResult> {
  const walker = new Walker(opts);
  yield* walker.walk(root);
  return { units: [...walker.texts, ...walker.attrs], shadowRoots: walker.shadowRoots, sameLang: walker.sameLang };
}

/** Splits `root` (usually `document.body`) into translation units, all at once. */
export function segment(root: RunParent, opts: SegmentOptions): SegmentResult {
  return runAll(steps(root, opts));
}

/** The same, in slices of about `sliceMs` of work, so a big page keeps responding. */
export function segmentSliced(root: RunParent, opts: SegmentOptions, slicing: Slicing): Promise<SegmentResult> {
  return runSliced(steps(root, opts), slicing);
}
