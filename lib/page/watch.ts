import { ATTRS } from './attributes.ts';
import { containerOf, type DisplayHook, OWN_ATTR } from './classify.ts';

/**
 * Notices content that appears or changes after the first pass (single-page apps, infinite
 * scroll, live text), in the document and in open shadow roots. Verso's own writes go through
 * `ignore`, so merging never looks like a page change.
 */

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface WatcherOptions {
  /** Changed or added nodes, still connected, each once; after `debounceMs` of quiet. */
  readonly onChange: (nodes: Node[]) => void;
  readonly debounceMs?: number;
  /** A page that never stops changing is still reported this often. */
  readonly maxWaitMs?: number;
  readonly timers?: Timers;
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
  const el = node.nodeType === 1 ? (node as Element) : node.parentElement;
  return el?.closest(`[${OWN_ATTR}]`) != null;
}

export class PageWatcher {
  private readonly observer: MutationObserver;
  private readonly pending = new Set<Node>();
  private readonly roots = new Set<Node>();
  private readonly timers: Timers;
  private ignoring = 0;
  private quiet: unknown;
  private deadline: unknown;

  constructor(private readonly opts: WatcherOptions) {
    this.timers = opts.timers ?? globalTimers;
    const create = opts.createObserver ?? ((callback) => new MutationObserver(callback));
    this.observer = create((records) => this.take(records));
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
    const nodes = [...this.pending].filter((node) => node.isConnected && !isOwn(node));
    this.pending.clear();
    if (nodes.length > 0) this.opts.onChange(nodes);
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
      this.pending.add(record.target);
      for (const node of record.addedNodes) {
        if (isOwn(node)) continue;
        this.pending.add(node);
        if (node.nodeType === 1) this.observeShadows(node as Element);
      }
    }
    if (this.pending.size === 0) return;
    this.timers.clear(this.quiet);
    this.quiet = this.timers.set(() => this.flush(), this.opts.debounceMs ?? 250);
    this.deadline ??= this.timers.set(() => this.flush(), this.opts.maxWaitMs ?? 1500);
  }

  /** Shadow roots arrive with their hosts; mutations inside them are only seen if observed. */
  private observeShadows(el: Element | ShadowRoot): void {
    const hosts = el.nodeType === 1 && (el as Element).shadowRoot ? [el as Element] : [];
    for (const inner of el.querySelectorAll('*')) if (inner.shadowRoot) hosts.push(inner);
    for (const host of hosts) {
      const shadow = host.shadowRoot!;
      if (this.roots.has(shadow)) continue;
      this.observe(shadow);
      this.observeShadows(shadow);
    }
  }
}

/**
 * The containers to segment again for a set of changed nodes: each node's nearest block (or
 * shadow root), without those that lie inside another one of the set.
 */
export function rescanRoots(nodes: Iterable<Node>, display?: DisplayHook): Array<Element | ShadowRoot> {
  const found = new Set<Element | ShadowRoot>();
  for (const node of nodes) {
    const root = containerOf(node, display);
    if (root) found.add(root);
  }
  const all = [...found];
  return all.filter((root) => !all.some((other) => other !== root && other.contains(root)));
}
