import {
  closest,
  contains,
  isConnected,
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
  /** Pass the content script's timers (WXT `ctx.setTimeout`) so a reload leaves none behind. */
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
  private readonly pending = new Map<Node, Kind>();
  private readonly roots = new Set<Node>();
  private readonly timers: Timers;
  private ignoring = 0;
  private quiet: unknown;
  private deadline: unknown;

  constructor(private readonly opts: WatcherOptions) {
    this.timers = opts.timers ?? globalTimers;
    const create = opts.createObserver ?? ((callback) => new MutationObserver(callback));
    this.observer = create((records) => this.take(records));
    opts.signal?.addEventListener('abort', () => this.disconnect(), { once: true });
  }

  /** Watches a tree: `document.body`, or a shadow root (each has to be observed on its own). */
  observe(root: Node): void {
    if (this.roots.has(root)) return;
    this.roots.add(root);
    this.observer.observe(root, OBSERVED);
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
    this.timers.clear(this.quiet);
    this.timers.clear(this.deadline);
    this.pending.clear();
    this.roots.clear();
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
    if (this.pending.size === 0) return;
    this.timers.clear(this.quiet);
    this.quiet = this.timers.set(() => this.flush(), this.opts.debounceMs ?? 250);
    this.deadline ??= this.timers.set(() => this.flush(), this.opts.maxWaitMs ?? 1500);
  }

  /** Shadow roots arrive with their hosts; mutations inside them are only seen if observed. */
  private observeShadows(el: Element | ShadowRoot): void {
    const hosts = nodeTypeOf(el) === 1 && shadowRootOf(el as Element) ? [el as Element] : [];
    for (const inner of querySelectorAll(el, '*')) if (shadowRootOf(inner)) hosts.push(inner);
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
