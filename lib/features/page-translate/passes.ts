import { isConnected } from '../../dom/unclobbered.ts';
import { toErrorInfo } from '../../messaging/result.ts';
import type { LateContent } from './budget.ts';
import { splitEchoes } from './echoes.ts';
import { layoutDisplay } from './layout-display.ts';
import type { MergeLoop } from './merge-loop.ts';
import { attrWhen } from './on-demand.ts';
import { partition } from './partition.ts';
import {
  type AttrUnit,
  nearViewport,
  type SegmentOptions,
  type Slicing,
  segment,
  segmentSliced,
  type Unit,
} from './segments/index.ts';
import type { SegmentSender } from './sending.ts';
import type { Parts, SessionState } from './session-state.ts';
import { runShows, viewportRoots } from './viewport.ts';
import { passSlicing } from './yield.ts';

/** How long the rest of the page waits for the screen's answers at most. */
const FIRST_SCREEN_HEAD_START_MS = 1000;
/** Segments gathered before a message goes: about four full requests. */
const SEND_EVERY = 200;

/**
 * The segmentation passes over a page: the first (the screen at once, then the rest once the screen's
 * answers are in) and the later ones over content the page added or changed. Passes run one after
 * another, so two never cut the same run, and a unit is claimed only once its pass cut it.
 */
export class PagePasses {
  private passes: Promise<void> = Promise.resolve();
  private runningCount = 0;
  /** Content that changed while the queue was stopped: cut when the person tries again. */
  private readonly deferred = new Set<Element | ShadowRoot>();
  private readonly slicing: Slicing;

  constructor(
    private readonly state: SessionState,
    private readonly sender: SegmentSender,
    private readonly merges: MergeLoop,
    private readonly late: LateContent,
  ) {
    const base = state.deps.passSlicing ?? passSlicing;
    // The screen's answers go first: a pass waits while answers near the screen are queued for merging,
    // so the reader is not kept waiting by the rest. Answers for the rest of the page do not hold a pass
    // up: cutting the page is what keeps the requests coming.
    this.slicing = {
      ...base,
      yieldNow: async () => {
        await base.yieldNow();
        while (this.merges.nearWaiting) await this.merges.current;
      },
    };
  }

  /** Passes started and not finished. */
  get running(): number {
    return this.runningCount;
  }

  /** The first pass over the page's body, once its plan is in. */
  firstPass(body: HTMLElement): Promise<void> {
    const { doc, win } = this.state.deps;
    return this.runPass(async (parts) => {
      // The screen first: a few blocks, cut at once, so the first request leaves without waiting for the rest.
      this.sender.collectFirstIds();
      const screen = viewportRoots(body, win);
      const onScreen: Unit[] = [];
      for (const root of screen.roots) {
        const cut = segment(root, this.segmentOptions(parts));
        this.observe(cut.shadowRoots);
        parts.languages.declared(cut.sameLang);
        this.claim(parts, cut.units, onScreen);
      }
      // Text beside the nested blocks of a block that straddles the screen's edge (a label and buttons
      // between a shop's paragraphs) goes too where it shows; what lies off screen waits for the full pass.
      for (const block of screen.straddling) {
        const cut = segment(block, { ...this.segmentOptions(parts), shallow: true, attributes: false });
        const shown = cut.units.filter((unit) => unit.kind === 'text' && runShows(unit.nodes, doc, screen));
        this.claim(parts, shown, onScreen);
      }
      await this.handToGate(parts, onScreen, true);
      const { firstScreen } = this.sender;
      for (const id of this.sender.takeFirstIds()) firstScreen.add(id);
      // The screen's text goes at once; its attributes (tooltips, descriptions, labels) wait for the rest's,
      // so that a small page's attributes share one request instead of two.
      this.sender.flush(false, 'html');
      // The rest waits for the screen's answers (or a second at most): cutting a big page and packing
      // its requests would otherwise hold up the very answers the reader is waiting for, in the tab, in
      // the worker and at the service.
      await firstScreen.done(FIRST_SCREEN_HEAD_START_MS);
      if (!this.state.disposed) this.state.deps.onFirstScreen?.();
      // Then the rest, sent as it is read, so requests leave while the page is still being cut.
      const pace = this.pacer();
      for (const root of partition(body)) {
        await pace();
        if (this.state.disposed) return;
        if (this.state.phase === 'stopped') {
          // Nothing can be sent now: the rest is cut when the person tries again.
          this.deferred.add(root);
          continue;
        }
        const cut = await segmentSliced(root, this.segmentOptions(parts), this.slicing);
        this.observe(cut.shadowRoots);
        parts.languages.declared(cut.sameLang);
        await this.handToGate(parts, cut.units, false);
        if (this.sender.outgoingSize >= SEND_EVERY) this.sender.flush(true);
      }
      this.sender.flush();
    });
  }

  /**
   * New or changed content: units near the screen go first, the rest when they come into view. `late`:
   * the page added or changed it after the first pass, so its sending counts against the budget.
   */
  rescan(roots: ReadonlyArray<Element | ShadowRoot>, late = false): Promise<void> {
    if (roots.length === 0) return Promise.resolve();
    if (late && this.late.paused) {
      // Paused for the budget: nothing is cut until the person asks for more.
      this.late.holdRoots(roots);
      this.state.updatePhase();
      return Promise.resolve();
    }
    if (this.state.phase === 'stopped') {
      // Nothing can be sent now; cut it when the person tries again.
      for (const root of roots) this.deferred.add(root);
      return Promise.resolve();
    }
    return this.runPass(async (parts) => {
      const near = nearViewport(this.state.deps.win);
      const visible: Unit[] = [];
      const rest: Unit[] = [];
      const pace = this.pacer();
      for (const root of roots) {
        await pace();
        if (!isConnected(root)) continue;
        const cut = await segmentSliced(root, this.segmentOptions(parts), this.slicing);
        this.observe(cut.shadowRoots);
        parts.languages.declared(cut.sameLang);
        for (const unit of cut.units) {
          if (late) this.late.mark(unit);
          (near(unit.target) ? visible : rest).push(unit);
        }
      }
      await this.handToGate(parts, visible, true);
      await this.handToGate(parts, rest, false);
      this.sender.flushOutgoing();
    });
  }

  /** Cuts what changed while the queue was stopped ("Try again"). */
  rescanDeferred(): void {
    const roots = [...this.deferred];
    this.deferred.clear();
    void this.rescan(roots);
  }

  /**
   * Cut units go to the reading gate, which sends at once what is to be read now (the screen; the whole
   * page but what is hidden) and holds the rest; they are claimed from here on, so no pass cuts them again.
   */
  private async handToGate(parts: Parts, units: readonly Unit[], near: boolean): Promise<void> {
    this.claim(parts, units);
    // Blocks already in the target's language (a feed's posts in several languages) stay as they are,
    // claimed, so no later pass cuts them again; they are not sent.
    // The person's selectors for the site leave parts out (or keep only some): claimed, never sent.
    const wanted = parts.selectors.active ? units.filter((unit) => parts.selectors.allows(unit)) : units;
    const kept = await parts.languages.keep(wanted);
    if (this.state.disposed) return;
    if (kept.length < units.length) this.state.emit();
    // Bilingual lines show attributes in the original: an echo would have nothing to show.
    let rest: readonly Unit[] = kept;
    if (parts.plan.mode !== 'bilingual') {
      const split = splitEchoes(kept);
      rest = split.rest;
      for (const [text, attrs] of split.echoes) this.merges.addEchoes(text, attrs);
    }
    // Tooltips and labels wait until they are shown (on-demand.ts); the rest goes to the gate.
    const now: Unit[] = [];
    const later: AttrUnit[] = [];
    const labels = parts.plan.labelsWithPage === true;
    for (const unit of rest) (unit.kind === 'attr' && attrWhen(unit, labels) === 'on-show' ? later : now).push(unit);
    parts.demand.add(later);
    this.sender.duringPass(() => parts.gate.add(now, near));
  }

  /** Units are taken as soon as they are cut, so a pass that comes next cuts none of them again. */
  private claim(parts: Parts, units: readonly Unit[], into?: Unit[]): void {
    for (const unit of units) parts.claims.hold(unit);
    into?.push(...units);
  }

  private segmentOptions(parts: Parts): SegmentOptions {
    // Items of flex rows and grids are boxes of their own (layout-display.ts).
    return { targetLang: parts.plan.targetLang, claims: parts.claims, display: layoutDisplay(this.state.deps.win) };
  }

  private observe(shadowRoots: readonly ShadowRoot[]): void {
    for (const root of shadowRoots) this.state.parts?.watcher.observe(root);
  }

  /**
   * Each segmented part starts its own slice budget, and small parts finish within it: without a yield
   * between parts a whole pass would run as one long task. This yields once the slice is used up.
   */
  private pacer(): () => Promise<void> {
    const budget = this.slicing.sliceMs ?? 8;
    const { now } = this.state;
    let start = now();
    return async () => {
      if (now() - start < budget) return;
      await this.slicing.yieldNow();
      start = now();
    };
  }

  /** Runs a segmentation pass after the previous one, so two passes never cut the same run. */
  private runPass(run: (parts: Parts) => Promise<void>): Promise<void> {
    const parts = this.state.parts;
    if (!parts) return Promise.resolve();
    this.runningCount++;
    this.passes = this.passes
      .then(() => (this.state.disposed ? undefined : run(parts)))
      .catch((e: unknown) => {
        // Part of the page may stay untranslated: say so rather than look finished.
        console.warn('[verso] page translation pass failed', e);
        this.state.error = toErrorInfo(e);
      })
      .finally(() => {
        this.runningCount--;
        this.merges.gather();
        this.state.updatePhase();
      });
    return this.passes;
  }
}
