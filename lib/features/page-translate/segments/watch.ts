import {
  bodyOf,
  closest,
  contains,
  documentElementOf,
  isConnected,
  localNameOf,
  matches,
  nodeTypeOf,
  parentOf,
  querySelectorAll,
  shadowRootOf,
} from '../../../dom/unclobbered.ts';
import { ATTRS } from './attributes.ts';
import { containerOf, type DisplayHook, OWN_ATTR } from './classify.ts';
import type { PageTranslation } from './restore.ts';
import type { RunParent } from './types.ts';

/**
 * Notices content that appears or changes after the first pass (single-page apps, infinite
 * scroll, live text), in the document and in open shadow roots. Verso's own writes go through
 * `ignore`, so merging never looks like a page change.
 */

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** What the page did since the last report; every node still connected, each listed once. */
export interface PageChange {
  /** New subtrees (elements or text). */
  readonly added: Node[];
  /** Text nodes whose data changed. */
  readonly texts: Node[];
  /** Parents whose child list changed (something added or removed). */
  readonly containers: Node[];
  /** Elements whose title/alt/placeholder/aria-label changed. */
  readonly attributes: Node[];
}

type Kind = keyof PageChange;

export interface WatcherOptions {
  /** Called after `debounceMs` of quiet. */
  readonly onChange: (change: PageChange) => void;
  readonly debounceMs?: number;
  /** A page that never stops changing is still reported this often. */
  readonly maxWaitMs?: number;
  /** Pass the content script's timers (`contextTimers`) so a reload leaves none behind. */
  readonly timers?: Timers;
  /** Disconnects when aborted (e.g. the content script context's signal). */
  readonly signal?: AbortSignal;
  readonly createObserver?: (callback: MutationCallback) => MutationObserver;
}

const OBSERVED: MutationObserverInit = {
  subtree: true,
  childList: true,
  characterData: true,
  attributes: true,
  attributeFilter: [...ATTRS],
};

/** Custom elements waited for at most, and how often they are looked at: soon after, then every 4 s. */
const MAX_UNDEFINED = 500;
const UNDEFINED_FIRST_MS = 250;
const UNDEFINED_LAST_MS = 4000;

const globalTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function isOwn(node: Node): boolean {
  const el = nodeTypeOf(node) === 1 ? (node as Element) : parentOf(node);
  return el !== null && nodeTypeOf(el) === 1 && closest(el as Element, `[${OWN_ATTR}]`) !== null;
}

export class PageWatcher {
  private readonly observer: MutationObserver;
  private readonly create: (callback: MutationCallback) => MutationObserver;
  /** Watches the root's children for a new <body> (`followBody`). */
  private bodies: MutationObserver | undefined;
  private readonly pending = new Map<Node, Kind>();
  private readonly roots = new Set<Node>();
  private readonly timers: Timers;
  private ignoring = 0;
  /** Custom elements not defined yet (`awaitDefinition`), and the timer that looks at them again. */
  private readonly undefinedHosts = new Set<Element>();
  private definitions: unknown;
  private quiet: unknown;
  private deadline: unknown;

  constructor(private readonly opts: WatcherOptions) {
    this.timers = opts.timers ?? globalTimers;
    const create = opts.createObserver ?? ((callback) => new MutationObserver(callback));
    this.create = create;
    this.observer = create((records) => this.take(records));
    opts.signal?.addEventListener('abort', () => this.disconnect(), { once: true });
  }

  /** Watches a tree: `document.body`, or a shadow root (each has to be observed on its own). */
  observe(root: Node): void {
    if (this.roots.has(root)) return;
    this.roots.add(root);
    this.observer.observe(root, OBSERVED);
    const type = nodeTypeOf(root);
    if (type === 1 || type === 11)
      for (const el of querySelectorAll(root as Element, ':not(:defined)')) this.awaitDefinition(el);
  }

  /**
   * Watches the document's <body>, and the new one when the page puts one in its place (Turbo Drive's
   * navigation, a page's own `document.body = ...`): the new body is reported as added, the root as a
   * container (what was in the old body is gone), and the old body is no longer watched.
   */
  followBody(doc: Document): void {
    let body = bodyOf(doc);
    if (body) this.observe(body);
    const root = documentElementOf(doc);
    if (!root || this.bodies) return;
    this.bodies = this.create(() => {
      const now = bodyOf(doc);
      if (!now || now === body) return;
      body = now;
      this.rewatch(now);
      this.pending.set(root, 'containers');
      this.pending.set(now, 'added');
      this.observeShadows(now);
      this.schedule();
    });
    this.bodies.observe(root, { childList: true });
  }

  /** Starts over on the trees still in the document and `body`: detached ones are let go. */
  private rewatch(body: Node): void {
    this.take(this.observer.takeRecords());
    const kept = [...this.roots].filter((root) => isConnected(root));
    this.observer.disconnect();
    this.roots.clear();
    for (const root of [body, ...kept]) this.observe(root);
  }

  /** Runs Verso's own DOM writes; whatever they change is not reported. */
  readonly ignore = <T>(write: () => T): T => {
    // Page changes queued before the write still count: take them first.
    if (this.ignoring === 0) this.take(this.observer.takeRecords());
    this.ignoring++;
    try {
      return write();
    } finally {
      this.ignoring--;
      if (this.ignoring === 0) this.observer.takeRecords();
    }
  };

  /** Reports what is pending now instead of waiting for quiet. */
  flush(): void {
    this.take(this.observer.takeRecords());
    this.timers.clear(this.quiet);
    this.timers.clear(this.deadline);
    this.quiet = undefined;
    this.deadline = undefined;
    const change: PageChange = { added: [], texts: [], containers: [], attributes: [] };
    let any = false;
    for (const [node, kind] of this.pending) {
      if (!isConnected(node) || isOwn(node)) continue;
      change[kind].push(node);
      any = true;
    }
    this.pending.clear();
    if (any) this.opts.onChange(change);
  }

  disconnect(): void {
    this.observer.disconnect();
    this.bodies?.disconnect();
    this.bodies = undefined;
    this.timers.clear(this.quiet);
    this.timers.clear(this.deadline);
    this.pending.clear();
    this.roots.clear();
    this.timers.clear(this.definitions);
    this.definitions = undefined;
    this.undefinedHosts.clear();
  }

  private take(records: readonly MutationRecord[]): void {
    if (this.ignoring > 0 || records.length === 0) return;
    for (const record of records) {
      if (isOwn(record.target)) continue;
      const kind: Kind =
        record.type === 'characterData' ? 'texts' : record.type === 'attributes' ? 'attributes' : 'containers';
      // An added node stays 'added' even if it changes again before the report.
      if (this.pending.get(record.target) !== 'added') this.pending.set(record.target, kind);
      for (const node of record.addedNodes) {
        if (isOwn(node)) continue;
        this.pending.set(node, 'added');
        if (nodeTypeOf(node) === 1) this.observeShadows(node as Element);
      }
    }
    this.schedule();
  }

  /** The report comes after `debounceMs` of quiet, or `maxWaitMs` after the first change at most. */
  private schedule(): void {
    if (this.pending.size === 0) return;
    this.timers.clear(this.quiet);
    this.quiet = this.timers.set(() => this.flush(), this.opts.debounceMs ?? 250);
    this.deadline ??= this.timers.set(() => this.flush(), this.opts.maxWaitMs ?? 1500);
  }

  /**
   * A custom element the page has not defined yet: once it is, its shadow root (drawn by the component,
   * not a change of the page's tree) is watched and reported. The content script cannot see definitions
   * (its world has no `customElements`), so the few such elements are looked at again, less and less often.
   */
  private awaitDefinition(el: Element): void {
    if (!localNameOf(el).includes('-') || this.undefinedHosts.size >= MAX_UNDEFINED || matches(el, ':defined')) return;
    this.undefinedHosts.add(el);
    this.lookAgain(UNDEFINED_FIRST_MS);
  }

  private lookAgain(ms: number): void {
    if (this.definitions !== undefined) return;
    this.definitions = this.timers.set(() => {
      this.definitions = undefined;
      let found = false;
      for (const el of this.undefinedHosts) {
        if (!isConnected(el)) this.undefinedHosts.delete(el);
        else if (matches(el, ':defined')) {
          this.undefinedHosts.delete(el);
          const shadow = shadowRootOf(el);
          if (!shadow) continue;
          // The shadow root alone is new: it is cut, not the block around its host.
          this.pending.set(shadow, 'added');
          this.observeShadows(el);
          found = true;
        }
      }
      if (found) this.schedule();
      if (this.undefinedHosts.size > 0)
        this.lookAgain(found ? UNDEFINED_FIRST_MS : Math.min(ms * 2, UNDEFINED_LAST_MS));
    }, ms);
  }

  /** Shadow roots arrive with their hosts; mutations inside them are only seen if observed. */
  private observeShadows(el: Element | ShadowRoot): void {
    const hosts = nodeTypeOf(el) === 1 && shadowRootOf(el as Element) ? [el as Element] : [];
    if (hosts.length === 0 && nodeTypeOf(el) === 1) this.awaitDefinition(el as Element);
    for (const inner of querySelectorAll(el, '*')) {
      if (shadowRootOf(inner)) hosts.push(inner);
      else this.awaitDefinition(inner);
    }
    for (const host of hosts) {
      const shadow = shadowRootOf(host)!;
      if (this.roots.has(shadow)) continue;
      this.observe(shadow);
      this.observeShadows(shadow);
    }
  }
}

/**
 * The containers to segment for a set of nodes: each node's nearest block (or shadow root),
 * without those that lie inside another one of the set.
 */
export function rescanRoots(nodes: Iterable<Node>, display?: DisplayHook): RunParent[] {
  const found = new Set<RunParent>();
  for (const node of nodes) {
    const root = containerOf(node, display);
    if (root) found.add(root);
  }
  const all = [...found];
  return all.filter((root) => !all.some((other) => other !== root && contains(other, root)));
}

/**
 * One step from a page change to the work it makes: units the page rewrote are handed back by the
 * translation store, and the containers holding new or changed content are returned, to be
 * segmented again with the store as `claims` (translated runs are then skipped, not re-billed).
 * A parent that only lost children needs no new pass unless a unit there broke.
 */
export function rescanAfter(change: PageChange, store: PageTranslation, display?: DisplayHook): RunParent[] {
  const released = store.release([...change.texts, ...change.containers, ...change.attributes]);
  if (change.containers.length > 0) store.prune();
  return rescanRoots([...change.added, ...change.texts, ...change.attributes, ...released], display);
}
