import { bodyOf, documentElementOf } from '../../dom/unclobbered.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { PageMode, PageReading } from '../../settings/schema.ts';
import { adoptBilingualStyle } from './bilingual-style.ts';
import { BlockLanguages } from './block-language.ts';
import { LateBudget, LateContent } from './budget.ts';
import { ReadingGate } from './gate.ts';
import { MergeLoop } from './merge-loop.ts';
import type { PageDelivered, PageView } from './messages.ts';
import { AttributesOnDemand } from './on-demand.ts';
import { PagePasses } from './passes.ts';
import { askForPlan } from './plan-request.ts';
import {
  type PageChange,
  PageTranslation,
  PageWatcher,
  rescanAfter,
  TranslatedCopies,
  type Unit,
  type ViewMode,
} from './segments/index.ts';
import { SegmentSender } from './sending.ts';
import { ChunkFeed } from './sentinels.ts';
import { type SessionDeps, SessionState } from './session-state.ts';
import { PartSelectors } from './site-selectors.ts';
import { PendingClaims } from './taken-nodes.ts';
import { readTargets } from './units.ts';
import { ViewEmitter } from './view-emitter.ts';

export type { SessionDeps } from './session-state.ts';

/**
 * One page's translation, in the content script: cuts the page into units (the screen first, then the
 * rest as it is read; passes.ts), sends them to the background's queue (sending.ts), merges each answer
 * exactly once (merge-loop.ts), follows the page as it changes within a budget for late content
 * (budget.ts), and switches between original and translation without asking again.
 */
export class PageSession {
  private readonly state: SessionState;
  private readonly late: LateContent;
  private readonly merges: MergeLoop;
  private readonly sender: SegmentSender;
  private readonly passes: PagePasses;
  private readonly views: ViewEmitter;
  private modes: Promise<void> = Promise.resolve();
  /** The reading chosen before the plan arrived (a person's switch on a page not translated yet). */
  private readingChoice: PageReading | undefined;
  /** Translating the rest of the page before printing it. */
  private printing = false;
  /** Resolved when nothing is on its way any more (print waits for it). */
  private quietWaiters: Array<() => void> = [];
  private stopChecks: (() => void) | undefined;
  /** The display mode chosen before the plan arrived, and the language of a page already in the target's. */
  private modeChoice: PageMode | undefined;
  private alreadyIn: string | undefined;

  constructor(private readonly deps: SessionDeps) {
    this.state = new SessionState(
      deps,
      () => this.updatePhase(),
      () => this.emit(),
    );
    this.late = new LateContent(deps.lateBudget ?? new LateBudget());
    this.merges = new MergeLoop(this.state, {
      passRunning: () => this.passes.running > 0,
      pendingCount: () => this.sender.pendingCount,
      recut: (roots) => void this.passes.rescan(roots, true),
    });
    this.sender = new SegmentSender(this.state, this.merges, this.late);
    this.passes = new PagePasses(this.state, this.sender, this.merges, this.late);
    this.views = new ViewEmitter((view) => {
      if (!this.state.disposed) deps.onView(view);
    });
  }

  view(): PageView {
    const { phase, shown, error, parts } = this.state;
    const { empty, ...progress } = this.state.progress;
    return {
      phase,
      shown,
      progress: {
        ...progress,
        ...(parts?.gate.held ? { waiting: parts.gate.held } : {}),
        ...(empty > 0 ? { empty } : {}),
        ...(this.late.heldCount > 0 ? { overBudget: this.late.heldCount } : {}),
        ...(parts?.languages.count ? { same: parts.languages.count } : {}),
      },
      ...(error ? { error } : {}),
      ...(parts ? { targetLang: parts.plan.targetLang } : {}),
      ...(parts?.plan.notes?.length ? { notes: parts.plan.notes } : {}),
      ...(parts ? { reading: parts.gate.mode } : this.readingChoice ? { reading: this.readingChoice } : {}),
      ...(parts ? { mode: parts.plan.mode } : this.modeChoice ? { mode: this.modeChoice } : {}),
      ...(this.alreadyIn ? { alreadyIn: this.alreadyIn } : {}),
      ...(this.printing ? { printing: true } : {}),
      ...(this.late.paused ? { latePaused: true } : {}),
    };
  }

  /**
   * The person's "Translate more" on a page paused for its late content: another budget, and what was
   * held back goes now (counted against it).
   */
  translateMore(): void {
    if (!this.state.parts || !this.late.paused) return;
    const held = this.late.grant();
    this.sender.release(held.units, true);
    void this.passes.rescan(held.roots, true);
    this.updatePhase();
  }

  /**
   * Late text outside the page's units (a title the page set while translated): counted against the late
   * budget like late content; false while the original is shown or when the budget is used up.
   */
  spendLate(chars: number): boolean {
    if (!this.state.parts || this.state.shown === 'original') return false;
    const allowed = this.late.budget.spend(chars, this.state.now());
    if (!allowed) this.updatePhase();
    return allowed;
  }

  /** Whether parts of the translated page are not translated yet: unread, or on their way. */
  partsLeft(): boolean {
    const { parts, shown, phase } = this.state;
    if (!parts || shown === 'original' || phase === 'stopped' || phase === 'error') return false;
    return (
      (parts.gate.mode === 'as-you-read' && parts.gate.held > 0) ||
      this.sender.pendingCount > 0 ||
      this.passes.running > 0
    );
  }

  /**
   * Sends the rest of the page (what can be seen or revealed) without changing the site's choice: for
   * find-in-page and select-all, which work on the whole page.
   */
  readAll(): void {
    const parts = this.state.parts;
    if (!parts || this.state.shown === 'original' || parts.gate.mode === 'whole-page') return;
    parts.gate.setReading('whole-page');
    this.sender.flushOutgoing(this.sender.resumeNext);
    this.updatePhase();
  }

  /** The rest of the page, then a print: resolves once nothing is on its way (or the queue stopped). */
  async completeForPrint(): Promise<void> {
    if (!this.partsLeft()) return;
    this.printing = true;
    this.readAll();
    this.emit();
    if (this.state.phase === 'translating') await new Promise<void>((resolve) => this.quietWaiters.push(resolve));
    // The last answers may still be on their way into the page (merges run a slice per frame).
    while (this.merges.queued > 0) await this.merges.current;
    this.printing = false;
    this.emit();
  }

  /**
   * "As you read" or "whole page": switches a page being translated (the whole page sends every unit
   * that can be seen at once), or starts one that is not translated yet with that reading.
   */
  async setReading(reading: PageReading, byPerson = true): Promise<void> {
    const parts = this.state.parts;
    if (!parts) {
      this.readingChoice = reading;
      if (this.state.phase === 'idle' || this.state.phase === 'error') await this.begin(byPerson);
      else this.emit();
      return;
    }
    if (this.state.shown === 'original') await this.show(this.translatedMode());
    parts.gate.setReading(reading);
    this.sender.flushOutgoing(this.sender.resumeNext);
    this.updatePhase();
  }

  /**
   * Bilingual or the translation only: a translated page is shown again in the new mode at once, from
   * the answers it has (nothing is sent again); a page not translated yet starts in it later.
   */
  async setMode(mode: PageMode): Promise<void> {
    const parts = this.state.parts;
    if (!parts) {
      this.modeChoice = mode;
      this.emit();
      return;
    }
    if (parts.plan.mode === mode) return;
    parts.plan = { ...parts.plan, mode };
    if (this.state.shown === 'original') this.emit();
    else await this.show(this.translatedMode());
  }

  /**
   * Translate: starts on a page not translated yet (or whose start failed), shows the translation again
   * after "Show original", and sends again what failed. `byPerson`: asked by a person, which also lifts a
   * stop of the queue (quota or key may have been fixed); an automatic start never does.
   */
  async translate(byPerson = true): Promise<void> {
    const { phase } = this.state;
    if (phase === 'idle' || (phase === 'error' && !this.state.parts)) return this.begin(byPerson);
    if (phase === 'preparing') return;
    if (this.sender.failedCount > 0 && byPerson) this.retry();
    if (this.state.shown === 'original') await this.show(this.translatedMode());
  }

  async showOriginal(): Promise<void> {
    if (this.state.parts && this.state.shown !== 'original') await this.show('original');
  }

  /** The shortcut: translate, or switch between the original and the translation. */
  async toggle(): Promise<void> {
    if (this.state.shown === 'original') await this.translate(true);
    else await this.showOriginal();
  }

  /** Answers from the background. A unit is merged once; ids already answered or unknown are ignored. */
  receive(items: readonly PageDelivered[]): void {
    this.sender.receive(items);
  }

  fail(ids: readonly string[], error: ErrorInfo): void {
    this.sender.fail(ids, error);
  }

  /** Stops following the page (the content script is going away); the page stays as it is. */
  dispose(): void {
    this.state.disposed = true;
    this.merges.dispose();
    this.views.dispose();
    this.stopChecks?.();
    this.state.parts?.watcher.disconnect();
    this.state.parts?.feed.disconnect();
    this.state.parts?.gate.dispose();
    this.state.parts?.demand.dispose();
  }

  private translatedMode(): ViewMode {
    return this.state.parts?.plan.mode === 'bilingual' ? 'bilingual' : 'translated';
  }

  private async begin(byPerson: boolean): Promise<void> {
    const { state, deps } = this;
    state.phase = 'preparing';
    state.error = undefined;
    this.emit();
    const prepared = await askForPlan(
      () => deps.prepare(),
      () => state.disposed,
    );
    if (state.disposed) return;
    if (!prepared.ok) {
      state.phase = 'error';
      state.error = prepared.error;
      this.emit();
      return;
    }
    const plan = {
      ...prepared.value,
      reading: this.readingChoice ?? prepared.value.reading,
      mode: this.modeChoice ?? prepared.value.mode,
    };
    if (plan.alreadyIn) {
      // Nothing to translate (params.ts `alreadyIn`): said plainly, nothing sent, nothing changed.
      this.alreadyIn = plan.alreadyIn;
      state.phase = 'done';
      this.emit();
      return;
    }
    const { doc } = deps;
    const watcher = new PageWatcher({ onChange: (change) => this.onPageChange(change) });
    const mode: ViewMode = plan.mode === 'bilingual' ? 'bilingual' : 'translated';
    const copies = new TranslatedCopies({ targetLang: plan.targetLang, around: watcher.ignore });
    const store = new PageTranslation({
      targetLang: plan.targetLang,
      doc,
      around: watcher.ignore,
      mode,
      parse: this.merges.parser,
      onLeave: (record) => copies.remember(record),
    });
    const feed = new ChunkFeed<Unit>((units) => this.sender.promote(units), undefined, deps.createObserver);
    const gate = new ReadingGate<Unit>({
      win: deps.win,
      reading: plan.reading,
      targetOf: readTargets(),
      release: (units, near) => this.sender.release(units, near),
      roundTripMs: () => this.sender.roundTrip.ms,
      weigh: (unit) => this.sender.weigh(unit),
      now: state.now,
      ...(deps.sight ? { sight: deps.sight } : {}),
      ...(deps.gateObserver ? { createObserver: deps.gateObserver } : {}),
      ...(deps.schedule ? { schedule: deps.schedule } : {}),
      ...(deps.viewportRoot ? { root: deps.viewportRoot } : {}),
    });
    const demand = new AttributesOnDemand({
      win: deps.win,
      now: state.now,
      release: (units) => this.sender.release(units, true),
      shown: (units) => gate.add(units),
      // Bilingual lines keep attributes in the original: a tooltip shown there is the page's own.
      active: () => this.state.shown === 'translated',
    });
    const languages = new BlockLanguages(plan.targetLang, deps.detectLanguage, plan.html.source_lang);
    const selectors = new PartSelectors(plan.selectors, documentElementOf(doc) ?? bodyOf(doc));
    state.parts = {
      plan,
      store,
      watcher,
      feed,
      claims: new PendingClaims(store),
      gate,
      copies,
      demand,
      languages,
      selectors,
    };
    if (mode === 'bilingual') adoptBilingualStyle(doc);
    state.shown = mode;
    state.phase = 'translating';
    this.sender.resumeNext = byPerson;
    this.emit();
    // Read through the prototype: `<img name="body">` stands for `document.body` otherwise.
    const body = bodyOf(doc);
    // A page that puts in a new <body> (Turbo Drive, a page's own script) is followed there.
    watcher.followBody(doc);
    this.stopChecks = deps.repeat(() => void this.sender.check(), deps.checkAfterMs ?? 4000);
    await this.passes.firstPass(body);
  }

  private onPageChange(change: PageChange): void {
    const parts = this.state.parts;
    if (!parts) return;
    const roots = rescanAfter(change, parts.store);
    // Copies of translated content the page put back (Turbo's snapshots) show their original first.
    parts.copies.revert(change.added, parts.claims);
    void this.passes.rescan(roots, true);
    // Units held for blocks the page took away will never be read.
    if (change.containers.length > 0) {
      parts.demand.prune();
      if (parts.gate.prune() > 0) this.updatePhase();
    }
  }

  private retry(): void {
    this.sender.retry();
    this.emit();
    this.passes.rescanDeferred();
  }

  private show(mode: ViewMode): Promise<void> {
    const parts = this.state.parts;
    if (!parts) return Promise.resolve();
    if (mode === 'bilingual') adoptBilingualStyle(this.deps.doc);
    this.state.shown = mode;
    this.emit();
    this.modes = this.modes.then(() => parts.store.setModeSliced(mode, this.deps.slicing));
    return this.modes;
  }

  /**
   * The phase after a change: translating while anything is on its way or being cut; reading while
   * parts of the page wait until they are read or shown; done only when nothing is left.
   */
  private updatePhase(): void {
    const { state } = this;
    if (state.phase === 'translating' || state.phase === 'done' || state.phase === 'reading') {
      const busy =
        this.sender.pendingCount > 0 || this.passes.running > 0 || this.merges.queued > 0 || this.merges.gathering;
      const waiting = (state.parts?.gate.held ?? 0) > 0 || this.sender.stalledCount > 0 || this.late.waiting;
      state.phase = busy ? 'translating' : waiting ? 'reading' : 'done';
    }
    if (state.phase !== 'translating' && state.phase !== 'preparing' && this.quietWaiters.length > 0) {
      for (const resolve of this.quietWaiters.splice(0)) resolve();
    }
    this.emit();
  }

  private emit(): void {
    if (!this.state.disposed) this.views.emit(() => this.view());
  }
}
