import { isConnected } from '../../dom/unclobbered.ts';
import type { PageReading } from '../../settings/schema.ts';
import { fillRequest, type Weight } from './fill.ts';
import { Places } from './gate-places.ts';
import { FILL_LEAD_MS, fillReach, MAX_AHEAD_SCREENS, readingWindow, ScrollSpeed } from './prefetch.ts';
import type { IntersectionEntryLike, ObserverLike } from './segments/order.ts';
import { browserSight, type Sight } from './sight.ts';

export { browserSight, type Sight } from './sight.ts';

export type GateObserverFactory = (
  callback: (entries: readonly IntersectionEntryLike[]) => void,
  options: { rootMargin: string; root?: Document | null },
) => ObserverLike;

const browserObserver: GateObserverFactory = (callback, options) =>
  new IntersectionObserver(callback, options as IntersectionObserverInit);

export interface GateDeps<U> {
  win: Window;
  reading: PageReading;
  /** The element whose box says when a unit is read: a text unit's block, an attribute's element's block. */
  targetOf(unit: U): Element;
  /** Units to send now; `near`: on or near the screen (sent before the rest). */
  release(units: U[], near: boolean): void;
  /** The average round trip of a translation, from sending to merging (ms). */
  roundTripMs(): number;
  now(): number;
  sight?: Sight;
  createObserver?: GateObserverFactory;
  /** Measure against this document's viewport (a frame's own) instead of the top page's. */
  root?: Document | null;
  /** Runs `run` before the next frame (default requestAnimationFrame, a task in a hidden tab). */
  schedule?(run: () => void): void;
  /**
   * What a unit adds to a request if it is released: its parameter group and its bytes in the body;
   * `undefined` when it adds nothing (its text is on its way or answered). By default one text of one group.
   */
  weigh?(unit: U): Weight | undefined;
}

export type { Weight } from './fill.ts';

interface Group<U> {
  units: U[];
  /** The elements watched for the group: a few for a run of shown blocks, every one for hidden content. */
  sentinels: Element[];
}

/** Units per group: consecutive units lie together, so a few of their blocks stand for all. */
const GROUP_SIZE = 12;
/** Events after which hidden content may show (a menu opened, a tab chosen, a transition ended). */
const REVEALING_EVENTS = ['click', 'keyup', 'focusin', 'toggle', 'transitionend', 'animationend', 'pointerover'];

/**
 * Holds cut units until they are to be sent. "As you read": a unit goes when its block comes into the
 * band of the screen plus a margin ahead of the scroll (prefetch.ts) and can be seen; "whole page": at
 * once, unless it is hidden (display:none, `hidden`, a collapsed menu, an inactive tab), then when it shows.
 *
 * An intersection observer with a wide zone (three screens) says which groups of units are near; only
 * those are measured exactly, once per frame while the page scrolls. Hidden groups watch every block, so
 * the one that shows is noticed wherever it is; groups of shown blocks watch their first, middle and last.
 */
export class ReadingGate<U> {
  private readonly groups = new Set<Group<U>>();
  private readonly bySentinel = new Map<Element, Set<Group<U>>>();
  private readonly near = new Set<Group<U>>();
  /** Watched elements inside the observer's zone now. */
  private readonly inside = new Set<Element>();
  private readonly speed = new ScrollSpeed();
  private readonly sight: Sight;
  private readonly listening = new AbortController();
  private observer: ObserverLike;
  private reading: PageReading;
  private heldCount = 0;
  /** Near units that could not be seen at the last look: revealing events are worth a look then. */
  private nearHidden = 0;
  private scheduled = false;
  private disposed = false;

  constructor(private readonly deps: GateDeps<U>) {
    this.sight = deps.sight ?? browserSight;
    this.reading = deps.reading;
    this.observer = this.createObserver();
    const { win } = deps;
    const options = { capture: true, passive: true, signal: this.listening.signal };
    win.addEventListener(
      'scroll',
      (event) => {
        if (event.target === win.document || event.target === win) this.speed.sample(deps.now(), win.scrollY);
        this.schedule();
      },
      options,
    );
    // A wheel step says where the page goes before it moves.
    win.addEventListener(
      'wheel',
      (event) => {
        const wheel = event as WheelEvent;
        // Lines (Firefox) and pages as pixels.
        const unit = wheel.deltaMode === 1 ? 16 : wheel.deltaMode === 2 ? win.innerHeight : 1;
        this.speed.nudge(deps.now(), wheel.deltaY * unit);
        this.schedule();
      },
      options,
    );
    win.addEventListener('resize', () => this.schedule(), options);
    for (const type of REVEALING_EVENTS) {
      win.addEventListener(type, () => this.nearHidden > 0 && this.schedule(), options);
    }
  }

  /** Units held back. */
  get held(): number {
    return this.heldCount;
  }

  get mode(): PageReading {
    return this.reading;
  }

  /**
   * Takes cut units: released at once where the reading says so, held otherwise. `near`: the units are
   * the screen's (the first pass), so those to send are sent as near and the rest measured at once.
   */
  add(units: readonly U[], near = false): void {
    if (this.disposed || units.length === 0) return;
    const hold: U[] = [];
    if (this.reading === 'whole-page') {
      const now: U[] = [];
      for (const unit of units) (this.sight.reachable(this.deps.targetOf(unit)) ? now : hold).push(unit);
      if (now.length > 0) this.deps.release(now, near);
    } else hold.push(...units);
    const added = this.group(hold);
    if (near && added.length > 0) this.look(added);
  }

  /** Switches the reading: to the whole page, every unit that can be seen or revealed is released now. */
  setReading(reading: PageReading): void {
    if (reading === this.reading || this.disposed) return;
    this.reading = reading;
    this.observer.disconnect();
    this.near.clear();
    this.inside.clear();
    this.observer = this.createObserver();
    for (const target of this.bySentinel.keys()) this.observer.observe(target);
    if (reading === 'whole-page') {
      const now: U[] = [];
      for (const group of [...this.groups]) now.push(...this.take(group, (target) => this.sight.reachable(target)));
      if (now.length > 0) this.deps.release(now, false);
    }
  }

  /** Measures the near units again now (the page moved under them: answers merged, content changed). */
  check(): void {
    this.schedule();
  }

  /** Drops units whose blocks left the page: they will never be read. Returns how many. */
  prune(): number {
    let dropped = 0;
    for (const group of [...this.groups]) dropped += this.take(group, (target) => !isConnected(target)).length;
    return dropped;
  }

  dispose(): void {
    this.disposed = true;
    this.listening.abort();
    this.observer.disconnect();
    this.groups.clear();
    this.bySentinel.clear();
    this.near.clear();
    this.inside.clear();
    this.heldCount = 0;
  }

  private createObserver(): ObserverLike {
    const create = this.deps.createObserver ?? browserObserver;
    // Whole page: hidden content anywhere on the page counts as soon as it shows.
    const zone = this.reading === 'whole-page' ? '100000px' : `${MAX_AHEAD_SCREENS * 100}%`;
    return create((entries) => this.onEntries(entries), {
      rootMargin: `${zone} 0px`,
      ...(this.deps.root ? { root: this.deps.root } : {}),
    });
  }

  /** Cuts units into groups of consecutive units that are all shown or all hidden, and watches them. */
  private group(units: readonly U[]): Group<U>[] {
    const out: Group<U>[] = [];
    let current: U[] = [];
    let currentShown = false;
    const close = () => {
      if (current.length === 0) return;
      const targets = [...new Set(current.map((unit) => this.deps.targetOf(unit)))];
      const sentinels = currentShown
        ? [...new Set([targets[0]!, targets[targets.length >> 1]!, targets[targets.length - 1]!])]
        : targets;
      const group: Group<U> = { units: current, sentinels };
      this.watch(group);
      out.push(group);
      current = [];
    };
    const shownOf = new Map<Element, boolean>();
    for (const unit of units) {
      const target = this.deps.targetOf(unit);
      let shown = shownOf.get(target);
      if (shown === undefined) {
        shown = this.sight.shown(target);
        shownOf.set(target, shown);
      }
      if (current.length > 0 && (shown !== currentShown || current.length >= GROUP_SIZE)) close();
      currentShown = shown;
      current.push(unit);
    }
    close();
    return out;
  }

  private watch(group: Group<U>): void {
    this.groups.add(group);
    this.heldCount += group.units.length;
    for (const target of group.sentinels) {
      let set = this.bySentinel.get(target);
      if (!set) {
        set = new Set();
        this.bySentinel.set(target, set);
        // The observer reports a new target's state once it has looked; a known one's is in `inside`.
        this.observer.observe(target);
      }
      set.add(group);
      if (this.inside.has(target)) this.near.add(group);
    }
  }

  private unwatch(group: Group<U>): void {
    this.groups.delete(group);
    this.near.delete(group);
    for (const target of group.sentinels) {
      const set = this.bySentinel.get(target);
      if (!set) continue;
      set.delete(group);
      if (set.size === 0) {
        this.bySentinel.delete(target);
        this.inside.delete(target);
        this.observer.unobserve(target);
      }
    }
  }

  /**
   * Takes the units of a group whose target passes `test` out of it. A group left with units watches
   * every block it still holds, so a part that shows later is noticed wherever it is.
   */
  private take(group: Group<U>, test: (target: Element) => boolean, alsoUnit?: (unit: U) => boolean): U[] {
    const out: U[] = [];
    const kept: U[] = [];
    const results = new Map<Element, boolean>();
    for (const unit of group.units) {
      const target = this.deps.targetOf(unit);
      let pass = results.get(target);
      if (pass === undefined) {
        pass = test(target);
        results.set(target, pass);
      }
      (pass || alsoUnit?.(unit) ? out : kept).push(unit);
    }
    if (out.length === 0) return out;
    this.unwatch(group);
    this.heldCount -= group.units.length;
    if (kept.length > 0) {
      this.watch({ units: kept, sentinels: [...new Set(kept.map((unit) => this.deps.targetOf(unit)))] });
    }
    return out;
  }

  private onEntries(entries: readonly IntersectionEntryLike[]): void {
    for (const entry of entries) {
      const groups = this.bySentinel.get(entry.target);
      if (!groups) continue;
      if (entry.isIntersecting) this.inside.add(entry.target);
      else this.inside.delete(entry.target);
      for (const group of groups) {
        if (group.sentinels.some((target) => this.inside.has(target))) this.near.add(group);
        else this.near.delete(group);
      }
    }
    // Layout is fresh inside the observer's callback: measuring now costs no extra layout.
    this.look([...this.near]);
  }

  private schedule(): void {
    if (this.scheduled || this.disposed || this.near.size === 0) return;
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      if (!this.disposed) this.look([...this.near]);
    };
    if (this.deps.schedule) this.deps.schedule(run);
    else if (this.deps.win.document.visibilityState === 'visible') this.deps.win.requestAnimationFrame(run);
    else this.deps.win.setTimeout(run, 50);
  }

  /**
   * Sends the units of these groups that are to be read now. While the reader scrolls, the request that
   * leaves because a block came into the band is filled with the held blocks ahead, in reading order, up
   * to where the reader will soon be (`fillReach`) and a request's worth of texts (`fill`): one request
   * then carries a few screens, not the one or two blocks that came in since the last frame.
   */
  private look(groups: readonly Group<U>[]): void {
    if (groups.length === 0) return;
    const { win } = this.deps;
    const speed = this.speed.now(this.deps.now());
    const band =
      this.reading === 'whole-page'
        ? undefined
        : readingWindow(
            win.innerHeight,
            speed,
            this.speed.heading,
            this.deps.roundTripMs() + (speed === 0 ? 0 : FILL_LEAD_MS),
          );
    const extra = band && speed !== 0 ? fillReach(win.innerHeight, speed) : 0;
    const wide = band && {
      top: speed < 0 ? band.top - extra : band.top,
      bottom: speed > 0 ? band.bottom + extra : band.bottom,
    };
    const places = new Places(this.sight, { band, wide, width: win.innerWidth, speed });
    const place = (target: Element) => places.of(target);
    const live = groups.filter((group) => this.groups.has(group));
    const inBand: U[] = [];
    const ahead: U[] = [];
    const sort = (group: Group<U>) => {
      for (const unit of group.units) {
        const where = place(this.deps.targetOf(unit));
        if (where === 'band') inBand.push(unit);
        else if (where === 'ahead' && extra > 0) ahead.push(unit);
      }
    };
    for (const group of live) sort(group);
    if (inBand.length > 0 && wide && extra > 0) {
      // A request leaves: what it takes along may lie beyond the observer's zone, so the other groups
      // are looked at too (one box of each, then the units of those that reach into the wider band).
      const known = new Set(live);
      for (const group of this.groups) {
        if (known.has(group)) continue;
        const reaches = group.sentinels.some((target) => {
          const box = this.sight.box(target);
          return box.height > 0 && box.bottom >= wide.top && box.top <= wide.bottom;
        });
        if (!reaches) continue;
        live.push(group);
        sort(group);
      }
    }
    const along =
      inBand.length > 0 && ahead.length > 0
        ? fillRequest(inBand, ahead, (unit) => places.distance.get(this.deps.targetOf(unit))!, this.deps.weigh)
        : undefined;
    // A block already on screen (the reader started or sped up) goes in a small request of its own, so
    // its answer does not wait for a full one; the filled request follows at once.
    const urgent =
      along !== undefined &&
      along.size > 0 &&
      inBand.some((unit) => {
        const box = this.sight.box(this.deps.targetOf(unit));
        return box.top < win.innerHeight && box.bottom > 0;
      });
    const released: U[] = [];
    for (const group of live) {
      const taken = urgent
        ? this.take(group, (target) => place(target) === 'band')
        : this.take(group, (target) => place(target) === 'band', along && ((unit) => along.has(unit)));
      released.push(...taken);
    }
    this.nearHidden = places.hidden;
    if (released.length > 0) this.deps.release(released, true);
    if (urgent && along) {
      const rest: U[] = [];
      for (const group of [...this.groups])
        rest.push(
          ...this.take(
            group,
            () => false,
            (unit) => along.has(unit),
          ),
        );
      if (rest.length > 0) this.deps.release(rest, true);
    }
  }
}
