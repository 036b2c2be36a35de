import { escapeText } from '../../dom/escape.ts';
import { isConnected } from '../../dom/unclobbered.ts';
import { sharedParser } from './answer-parser.ts';
import { echoText } from './echoes.ts';
import { type AttrUnit, type Planned, rescanRoots, type Slicing, type Unit } from './segments/index.ts';
import type { Parts, SessionState } from './session-state.ts';
import { answerFor } from './units.ts';
import { passSlicing } from './yield.ts';

/** A unit and its answer, kept as markup. */
export type Answered = [Unit, string];

/** Answers parsed in one go when merging (one document for all of them): about a slice's work. */
const PARSE_TOGETHER = 64;
/**
 * Merges written per frame at most. Each frame that changes the page's text pays for laying out what
 * changed and for walking what moved below it (pre-paint), whatever the count: fewer, fuller frames cost
 * less in all, and planning is done before, so a slice is only writes.
 */
export const MERGES_PER_SLICE = 256;
/** Answers for the rest of the page merged in one go at most (planned, then written a slice per frame). */
const REST_MERGED_TOGETHER = 4 * MERGES_PER_SLICE;
/**
 * Answers for the rest of the page (sent as `background`) gather this long before they are written, so
 * that a page pays for a few full frames rather than one per answered request; answers on or near the
 * screen are written at once, and the last ones as soon as nothing else is on its way.
 */
const GATHER_MS = 250;

export interface MergeHooks {
  /** A segmentation pass is running: it gathers again when it ends. */
  passRunning(): boolean;
  /** Units sent and not answered yet. */
  pendingCount(): number;
  /** Content the page changed while its answer was away: cut again, as late content. */
  recut(roots: ReadonlyArray<Element | ShadowRoot>): void;
}

/**
 * Writes answers into the page. One loop merges at a time and takes everything that arrived meanwhile,
 * so answers of several messages share frames instead of paying for one each; the screen's answers go
 * first, and the rest's gather a while before they are written.
 */
export class MergeLoop {
  /** Answers waiting to be merged: taken by the running merge loop, all that arrived at each turn. */
  private toMerge: Answered[] = [];
  /** The same for answers on or near the screen, which go first. */
  private toMergeNear: Answered[] = [];
  private draining = false;
  /** Answers on or near the screen are being merged now (those waiting are in `toMergeNear`). */
  private mergingNear = false;
  private merging: Promise<void> = Promise.resolve();
  private mergesQueued = 0;
  /** Answers for the rest of the page, gathering (`GATHER_MS`). */
  private gathered: Answered[] = [];
  private gatherTimer: ReturnType<typeof setTimeout> | undefined;
  /** Attributes that take their text from a text unit once it is translated (echoes.ts). */
  private readonly echoes = new WeakMap<Unit, AttrUnit[]>();
  /** Planning answers writes nothing: it yields to other tasks, not to frames. */
  private readonly planSlicing: Slicing;
  /** Answers are parsed a batch at a time (answer-parser.ts). */
  readonly parser = sharedParser();

  constructor(
    private readonly state: SessionState,
    private readonly hooks: MergeHooks,
  ) {
    this.planSlicing = state.deps.passSlicing ?? passSlicing;
  }

  /** The merge loop as it stands: resolved once what is queued now is written. */
  get current(): Promise<void> {
    return this.merging;
  }

  /** Merge loops started and not finished. */
  get queued(): number {
    return this.mergesQueued;
  }

  /** Answers on or near the screen are waiting or being written. */
  get nearWaiting(): boolean {
    return this.toMergeNear.length > 0 || this.mergingNear;
  }

  /** Answers for the rest of the page are gathering. */
  get gathering(): boolean {
    return this.gathered.length > 0;
  }

  /** Attributes that repeat `text`'s translation, written with it. */
  addEchoes(text: Unit, attrs: readonly AttrUnit[]): void {
    this.echoes.set(text, [...(this.echoes.get(text) ?? []), ...attrs]);
  }

  /** An answer for the rest of the page: written with others at the next `gather`. */
  gatherLater(item: Answered): void {
    this.gathered.push(item);
  }

  /** Writes the gathered answers once a frame's worth is in, nothing else is awaited, or after a while. */
  gather(): void {
    if (this.gathered.length === 0) return;
    const { disposed } = this.state;
    // While the page is being cut, the rest's answers wait for the pass to end (which gathers again):
    // cutting is what keeps the requests coming, and writes cost less in fewer, fuller frames. Also when no
    // request is out: between two of the pass's messages, the repeats it finds would each cost a frame.
    if (this.hooks.passRunning() && !disposed) return;
    const now = this.gathered.length >= MERGES_PER_SLICE || this.hooks.pendingCount() === 0 || disposed;
    if (!now) {
      this.gatherTimer ??= setTimeout(() => this.flushGathered(), this.state.deps.gatherMs ?? GATHER_MS);
      return;
    }
    this.flushGathered();
  }

  private flushGathered(): void {
    if (this.gatherTimer !== undefined) clearTimeout(this.gatherTimer);
    this.gatherTimer = undefined;
    const batch = this.gathered;
    this.gathered = [];
    this.merge(batch);
  }

  /** Queues answers for merging: `near`, on or near the screen, go before the rest's. */
  merge(batch: readonly Answered[], near = false): void {
    if (batch.length === 0) return;
    const queue = near ? this.toMergeNear : this.toMerge;
    for (const item of batch) queue.push(item);
    if (this.draining) return;
    this.draining = true;
    this.mergesQueued++;
    this.merging = this.merging
      .then(() => this.drainMerges())
      .catch((e: unknown) => {
        this.draining = false;
        this.mergingNear = false;
        console.warn('[verso] merging a translation failed', e);
      })
      .finally(() => {
        this.mergesQueued--;
        // The page is done only once its answers are written, not when the last one arrived.
        this.state.updatePhase();
      });
  }

  dispose(): void {
    if (this.gatherTimer !== undefined) clearTimeout(this.gatherTimer);
  }

  /**
   * Answers on or near the screen go first, whenever they arrive: the rest's are taken a few frames'
   * worth at a time, so a screen's answer waits for one such part at most.
   */
  private async drainMerges(): Promise<void> {
    while (this.toMergeNear.length > 0 || this.toMerge.length > 0) {
      if (this.toMergeNear.length > 0) {
        const batch = this.toMergeNear;
        this.toMergeNear = [];
        this.mergingNear = true;
        await this.mergeNow(batch);
        this.mergingNear = false;
      } else await this.mergeNow(this.toMerge.splice(0, REST_MERGED_TOGETHER));
    }
    // In the same turn as the last look at the queue: a later answer starts a new loop.
    this.draining = false;
  }

  private async mergeNow(batch: readonly Answered[]): Promise<void> {
    const { parts, progress, now } = this.state;
    if (!parts) return;
    const { yieldNow, sliceMs = 8 } = this.state.deps.slicing;
    // First the answers are parsed and planned against the units' nodes: reads only, so no frame pays.
    const planned: Planned[] = [];
    const answers = batch.map(([unit, text]) => answerFor(unit, text));
    let start = now();
    for (let i = 0; i < batch.length; i += PARSE_TOGETHER) {
      this.parser.prime(answers.slice(i, i + PARSE_TOGETHER));
      for (let j = i; j < Math.min(batch.length, i + PARSE_TOGETHER); j++) {
        planned.push(parts.store.plan(batch[j]![0], answers[j]!));
      }
      if (now() - start >= sliceMs) {
        await this.planSlicing.yieldNow();
        start = now();
      }
    }
    // Then written, a slice per frame.
    const changed: Node[] = [];
    start = now();
    let inSlice = 0;
    for (const item of planned) {
      const unit = item.unit;
      const outcome = parts.store.commit(item);
      parts.claims.release(unit);
      if (outcome === 'applied') this.applyEchoes(parts, unit);
      // The service answered without text: the unit keeps its original, and the page must say so.
      if (outcome === 'empty') progress.empty++;
      // The page changed the unit while it was away: cut it again from what the page shows now.
      if (outcome === 'stale' && isConnected(unit.target))
        changed.push(unit.kind === 'text' ? unit.parent : unit.element);
      progress.done++;
      // Bounded by count too: the frame after the slice lays out every block it changed.
      if (++inSlice >= MERGES_PER_SLICE || now() - start >= sliceMs) {
        await yieldNow();
        start = now();
        inSlice = 0;
      }
    }
    if (changed.length > 0) this.hooks.recut(rescanRoots(changed));
    // Longer or shorter text moved the blocks below: what the reader will see next may have changed.
    parts.gate.check();
    this.state.updatePhase();
  }

  /** Attributes that repeat a translated element's text take its translation: no request of their own. */
  private applyEchoes(parts: Parts, unit: Unit): void {
    const echoes = this.echoes.get(unit);
    if (!echoes) return;
    this.echoes.delete(unit);
    for (const attr of echoes) {
      parts.store.apply(attr, escapeText(echoText(attr)));
      parts.claims.release(attr);
    }
  }
}
