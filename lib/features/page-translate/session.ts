import { escapeText } from '../../dom/escape.ts';
import { adoptedSheetsOf, bodyOf, hostOf, isConnected, nodeTypeOf, setAdoptedSheets } from '../../dom/unclobbered.ts';
import { type ErrorInfo, type Result, toErrorInfo } from '../../messaging/result.ts';
import type { PageReading } from '../../settings/schema.ts';
import { t } from '../../ui/i18n.ts';
import { sharedParser } from './answer-parser.ts';
import { LateBudget } from './budget.ts';
import { echoText, splitEchoes } from './echoes.ts';
import { FirstScreen } from './first-screen.ts';
import { type GateObserverFactory, ReadingGate, type Sight } from './gate.ts';
import type { PageDelivered, PagePhase, PagePlan, PageSegment, PageShown, PageView } from './messages.ts';
import { Outgoing } from './outgoing.ts';
import { partition } from './partition.ts';
import { type PendingUnit, PendingUnits } from './pending.ts';
import { RoundTrip } from './prefetch.ts';
import type { Priority } from './queue/schema.ts';
import {
  type AttrUnit,
  BILINGUAL_CSS,
  containerOf,
  nearViewport,
  type ObserverFactory,
  type PageChange,
  PageTranslation,
  PageWatcher,
  type Planned,
  rescanAfter,
  rescanRoots,
  type SegmentOptions,
  type Slicing,
  segment,
  segmentSliced,
  type Unit,
  type ViewMode,
} from './segments/index.ts';
import { ChunkFeed } from './sentinels.ts';
import { SourceIndex } from './sources.ts';
import { PendingClaims } from './taken-nodes.ts';
import { ViewEmitter } from './view-emitter.ts';
import { runShows, viewportRoots } from './viewport.ts';
import { passSlicing } from './yield.ts';

export interface SessionDeps {
  doc: Document;
  win: Window;
  /** Names this document in every segment id (`${docId}.${n}`). */
  docId: string;
  prepare(): Promise<Result<PagePlan>>;
  enqueue(segments: PageSegment[], resume: boolean): Promise<Result<{ accepted: number }>>;
  status(ids: string[]): Promise<Result<{ unknown: string[] }>>;
  onView(view: PageView): void;
  /** The first screen's answers are written (or its head start ran out), in the task that wrote them. */
  onFirstScreen?(): void;
  /** Runs `run` every `ms`; returns the cancel. WXT's ctx in the content script, so a reload stops it. */
  repeat(run: () => void, ms: number): () => void;
  /** Merging answers and switching views: a slice of writes at a time (yield.ts `writeSlicing`). */
  slicing: Slicing;
  /** Cutting the page: slices that let answers and input in between (default yield.ts). */
  passSlicing?: Slicing;
  now?: () => number;
  /** Units unanswered this long are checked with the background (default 4 s). */
  checkAfterMs?: number;
  createObserver?: ObserverFactory;
  /** The reading gate's observer and measures (tests; the browser's by default). */
  gateObserver?: GateObserverFactory;
  sight?: Sight;
  /** Runs the gate's measuring before the next frame (tests run it at once). */
  schedule?(run: () => void): void;
  /** Measure the screen against this document's viewport: a frame's own. */
  viewportRoot?: Document | null;
  /** The late-content budget (tests give smaller ones; budget.ts has the defaults). */
  lateBudget?: LateBudget;
  /** How long answers for the rest of the page gather before they are written (default 250 ms). */
  gatherMs?: number;
}

interface Parts {
  plan: PagePlan;
  store: PageTranslation;
  watcher: PageWatcher;
  feed: ChunkFeed<Unit>;
  claims: PendingClaims;
  gate: ReadingGate<Unit>;
}

interface Failed {
  entry: PendingUnit;
  followers: Unit[];
}

/**
 * Units with the same text share one answer, across the two groups where the text carries no markup: a
 * button's label and its `title`, a caption and an image's `alt`. Both are then keyed by their text as
 * markup (an attribute's escaped), and answers are kept as markup.
 */
export function sourceKey(unit: Unit): string {
  if (unit.kind === 'attr') return SourceIndex.key('plain', unit.source);
  const wrapped = wrappedText(unit);
  if (wrapped) return SourceIndex.key('plain', wrapped.inner);
  return SourceIndex.key(unit.refs.size === 0 ? 'plain' : 'html', unit.source);
}

/**
 * A run that is all one inline element around plain text (a contents entry that links its section's
 * heading, a menu item): its text is the same string as that text elsewhere, so it is sent as the plain
 * text and the answer is put back inside the element.
 */
export function wrappedText(unit: Unit): { tag: string; inner: string } | undefined {
  if (unit.kind !== 'text' || unit.refs.size !== 1) return undefined;
  const found = /^<([a-z][a-z0-9]*) id="v1">([^<]*)<\/\1>$/.exec(unit.source);
  return found?.[2]?.trim() ? { tag: found[1]!, inner: found[2] } : undefined;
}

/** An answer kept as plain text's markup, as a unit takes it: inside its element for a wrapped run. */
const answerFor = (unit: Unit, text: string): string => {
  const wrapped = wrappedText(unit);
  return wrapped ? `<${wrapped.tag} id="v1">${text}</${wrapped.tag}>` : text;
};

/**
 * Errors after which nothing more is sent until the person acts: quota used up, key refused, or the
 * spending guard holding the site back (lib/features/spending).
 */
export const isStopping = (error: { code: string }): boolean =>
  error.code === 'quota_exceeded' || error.code === 'auth' || error.code === 'held';

/** The worker stopped twice before it answered with the page's plan (`askForPlan`). */
const planLost = (): ErrorInfo => ({
  name: 'PlanLost',
  code: 'plan_lost',
  message: t('pagePlanLost', 'Verso stopped before the page was ready: try again.'),
});

/** The browser's words for a message no worker received (Chrome and Firefox alike). */
const NOT_DELIVERED = /receiving end does not exist/i;
/** Pauses before a message that was not delivered is sent again (a worker going down, then starting). */
const DELIVERY_PAUSES_MS = [50, 100, 200, 400, 800, 1600];

const STATUS_CHUNK = 2000;
/** Answers parsed in one go when merging (one document for all of them): about a slice's work. */
const PARSE_TOGETHER = 64;
/**
 * Merges written per frame at most. Each frame that changes the page's text pays for laying out what
 * changed and for walking what moved below it (pre-paint), whatever the count: fewer, fuller frames cost
 * less in all, and planning is done before, so a slice is only writes.
 */
const MERGES_PER_SLICE = 256;
/** How long the rest of the page waits for the screen's answers at most. */
const FIRST_SCREEN_HEAD_START_MS = 1000;
/** Answers for the rest of the page merged in one go at most (planned, then written a slice per frame). */
const REST_MERGED_TOGETHER = 4 * MERGES_PER_SLICE;
/** Segments gathered before a message goes: about four full requests. */
const SEND_EVERY = 200;
/**
 * Answers for the rest of the page (sent as `background`) gather this long before they are written, so
 * that a page pays for a few full frames rather than one per answered request; answers on or near the
 * screen are written at once, and the last ones as soon as nothing else is on its way.
 */
const GATHER_MS = 250;

/**
 * One page's translation, in the content script: cuts the page into units (the screen first, then the
 * rest as it is read), sends them to the background's queue, merges each answer exactly once, follows
 * the page as it changes, and switches between original and translation without asking again.
 */
export class PageSession {
  private phase: PagePhase = 'idle';
  private shown: PageShown = 'original';
  private error: ErrorInfo | undefined;
  private parts: Parts | undefined;
  private readonly pending = new PendingUnits();
  private readonly sources = new SourceIndex<Unit>();
  private readonly failed = new Map<string, Failed>();
  /** Content that changed while the queue was stopped. */
  private readonly deferred = new Set<Element | ShadowRoot>();
  /** A unit's segment id, or its leader's for a unit that follows another. */
  private readonly ids = new WeakMap<Unit, string>();
  /** The segment id that leads a source, while its answer is awaited. */
  private readonly leaders = new Map<string, string>();
  private readonly outgoing: Outgoing;
  private readonly progress = { total: 0, done: 0, failed: 0, empty: 0 };
  /** Units the page added or changed after the first pass: their sending counts against `budget`. */
  private readonly late = new WeakSet<Unit>();
  private readonly budget: LateBudget;
  /** Late units held back once the budget was used up: sent when the person asks for more. */
  private overBudget: Unit[] = [];
  /** Late content that came while the page was paused: cut when the person asks for more. */
  private readonly lateRoots = new Set<Element | ShadowRoot>();
  /** Segmentation passes run one after another: a unit is claimed only once its pass cut it. */
  private passes: Promise<void> = Promise.resolve();
  private running = 0;
  private merging: Promise<void> = Promise.resolve();
  private mergesQueued = 0;
  /** Units sent (or following a text sent) as on or near the screen. */
  private readonly nearUnits = new WeakSet<Unit>();
  /** Answers on or near the screen are being merged now (those waiting are in `toMergeNear`). */
  private mergingNear = false;
  /** Answers waiting to be merged: taken by the running merge loop, all that arrived at each turn. */
  private toMerge: Array<[Unit, string]> = [];
  /** The same for answers on or near the screen, which go first. */
  private toMergeNear: Array<[Unit, string]> = [];
  private draining = false;
  /** Answers for the rest of the page, gathering (`GATHER_MS`). */
  private gathered: Array<[Unit, string]> = [];
  private gatherTimer: ReturnType<typeof setTimeout> | undefined;
  /** Planning answers writes nothing: it yields to other tasks, not to frames. */
  private readonly planSlicing: Slicing;
  private readonly firstScreen = new FirstScreen();
  private modes: Promise<void> = Promise.resolve();
  private resumeNext = false;
  /** The reading chosen before the plan arrived (a person's switch on a page not translated yet). */
  private readingChoice: PageReading | undefined;
  private readonly roundTrip = new RoundTrip();
  /** Segment ids of the first screen, while its units are released. */
  private firstIds: string[] | undefined;
  /** Units released while the queue was stopped: sent when the person tries again. */
  private stalled: Unit[] = [];
  /** The gate is handing units over inside a pass, which sends them itself. */
  private inPass = false;
  private readonly attrBlocks = new WeakMap<Element, Element>();
  /** Translating the rest of the page before printing it. */
  private printing = false;
  /** Resolved when nothing is on its way any more (print waits for it). */
  private quietWaiters: Array<() => void> = [];
  /** Attributes that take their text from a text unit once it is translated (echoes.ts). */
  private readonly echoes = new WeakMap<Unit, AttrUnit[]>();
  private stopChecks: (() => void) | undefined;
  private bilingualCss: CSSStyleSheet | undefined;
  private disposed = false;
  private readonly views: ViewEmitter;
  private readonly now: () => number;
  private readonly passSlicing: Slicing;
  /** Answers are parsed a batch at a time (answer-parser.ts). */
  private readonly parser = sharedParser();

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? (() => performance.now());
    this.budget = deps.lateBudget ?? new LateBudget();
    const base = deps.passSlicing ?? passSlicing;
    this.planSlicing = base;
    // The screen's answers go first: a pass waits while answers near the screen are queued for merging,
    // so the reader is not kept waiting by the rest. Answers for the rest of the page do not hold a pass
    // up: cutting the page is what keeps the requests coming.
    this.passSlicing = {
      ...base,
      yieldNow: async () => {
        await base.yieldNow();
        while (this.toMergeNear.length > 0 || this.mergingNear) await this.merging;
      },
    };
    this.outgoing = new Outgoing((segments, resume) => this.sendNow(segments, resume));
    this.views = new ViewEmitter((view) => {
      if (!this.disposed) deps.onView(view);
    });
  }

  view(): PageView {
    const { empty, ...progress } = this.progress;
    return {
      phase: this.phase,
      shown: this.shown,
      progress: {
        ...progress,
        ...(this.parts?.gate.held ? { waiting: this.parts.gate.held } : {}),
        ...(empty > 0 ? { empty } : {}),
        ...(this.overBudget.length > 0 ? { overBudget: this.overBudget.length } : {}),
      },
      ...(this.error ? { error: this.error } : {}),
      ...(this.parts ? { targetLang: this.parts.plan.targetLang } : {}),
      ...(this.parts?.plan.notes?.length ? { notes: this.parts.plan.notes } : {}),
      ...(this.parts ? { reading: this.parts.gate.mode } : this.readingChoice ? { reading: this.readingChoice } : {}),
      ...(this.printing ? { printing: true } : {}),
      ...(this.budget.paused ? { latePaused: true } : {}),
    };
  }

  /**
   * The person's "Translate more" on a page paused for its late content: another budget, and what was
   * held back goes now (counted against it).
   */
  translateMore(): void {
    if (!this.parts || !this.budget.paused) return;
    this.budget.grant();
    const held = this.overBudget;
    this.overBudget = [];
    this.release(held, true);
    const roots = [...this.lateRoots];
    this.lateRoots.clear();
    void this.rescan(roots, true);
    this.settle();
  }

  /** Whether parts of the translated page are not translated yet: unread, or on their way. */
  partsLeft(): boolean {
    const parts = this.parts;
    if (!parts || this.shown === 'original' || this.phase === 'stopped' || this.phase === 'error') return false;
    return (parts.gate.mode === 'as-you-read' && parts.gate.held > 0) || this.pending.size > 0 || this.running > 0;
  }

  /**
   * Sends the rest of the page (what can be seen or revealed) without changing the site's choice: for
   * find-in-page and select-all, which work on the whole page.
   */
  readAll(): void {
    const parts = this.parts;
    if (!parts || this.shown === 'original' || parts.gate.mode === 'whole-page') return;
    parts.gate.setReading('whole-page');
    this.outgoing.flush(this.resumeNext);
    this.settle();
  }

  /** The rest of the page, then a print: resolves once nothing is on its way (or the queue stopped). */
  async completeForPrint(): Promise<void> {
    if (!this.partsLeft()) return;
    this.printing = true;
    this.readAll();
    this.emit();
    if (this.phase === 'translating') await new Promise<void>((resolve) => this.quietWaiters.push(resolve));
    // The last answers may still be on their way into the page (merges run a slice per frame).
    while (this.mergesQueued > 0) await this.merging;
    this.printing = false;
    this.emit();
  }

  /**
   * "As you read" or "whole page": switches a page being translated (the whole page sends every unit
   * that can be seen at once), or starts one that is not translated yet with that reading.
   */
  async setReading(reading: PageReading, byPerson = true): Promise<void> {
    const parts = this.parts;
    if (!parts) {
      this.readingChoice = reading;
      if (this.phase === 'idle' || this.phase === 'error') await this.begin(byPerson);
      else this.emit();
      return;
    }
    if (this.shown === 'original') await this.show(this.translatedMode());
    parts.gate.setReading(reading);
    this.outgoing.flush(this.resumeNext);
    this.settle();
  }

  /**
   * Translate: starts on a page not translated yet (or whose start failed), shows the translation again
   * after "Show original", and sends again what failed. `byPerson`: asked by a person, which also lifts a
   * stop of the queue (quota or key may have been fixed); an automatic start never does.
   */
  async translate(byPerson = true): Promise<void> {
    if (this.phase === 'idle' || (this.phase === 'error' && !this.parts)) return this.begin(byPerson);
    if (this.phase === 'preparing') return;
    if (this.failed.size > 0 && byPerson) this.retry();
    if (this.shown === 'original') await this.show(this.translatedMode());
  }

  async showOriginal(): Promise<void> {
    if (this.parts && this.shown !== 'original') await this.show('original');
  }

  /** The shortcut: translate, or switch between the original and the translation. */
  async toggle(): Promise<void> {
    if (this.shown === 'original') await this.translate(true);
    else await this.showOriginal();
  }

  /** Answers from the background. A unit is merged once; ids already answered or unknown are ignored. */
  receive(items: readonly PageDelivered[]): void {
    const batch: Array<[Unit, string]> = [];
    const ids: string[] = [];
    for (const item of items) {
      const entry = this.pending.take(item.id);
      if (!entry) continue;
      ids.push(item.id);
      const near = entry.segment.priority === 'visible';
      if (near) this.roundTrip.sample(this.now() - entry.sentAt);
      this.leaders.delete(entry.key);
      // Kept as markup: a text unit and an attribute with the same text share one answer.
      const answer = entry.unit.kind === 'attr' ? escapeText(item.text) : item.text;
      (near ? batch : this.gathered).push([entry.unit, answer]);
      // Units elsewhere with the same text take the answer too: with the screen's only those on it (a
      // menu's labels repeated down a long page would otherwise hold the screen up).
      for (const follower of this.sources.answer(entry.key, answer)) {
        (near && this.nearUnits.has(follower) ? batch : this.gathered).push([follower, answer]);
      }
    }
    this.merge(batch, true);
    this.gather();
    for (const id of ids) this.firstScreen.answered(id, this.merging);
  }

  /** Writes the gathered answers once a frame's worth is in, nothing else is awaited, or after a while. */
  private gather(): void {
    if (this.gathered.length === 0) return;
    // While the page is being cut, the rest's answers wait for the pass to end (which gathers again):
    // cutting is what keeps the requests coming, and writes cost less in fewer, fuller frames. Also when no
    // request is out: between two of the pass's messages, the repeats it finds would each cost a frame.
    if (this.running > 0 && !this.disposed) return;
    const now = this.gathered.length >= MERGES_PER_SLICE || this.pending.size === 0 || this.disposed;
    if (!now) {
      this.gatherTimer ??= setTimeout(() => this.flushGathered(), this.deps.gatherMs ?? GATHER_MS);
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

  fail(ids: readonly string[], error: ErrorInfo): void {
    let count = 0;
    for (const id of ids) {
      const entry = this.pending.take(id);
      if (!entry) continue;
      this.firstScreen.answered(id, this.merging);
      // Still claimed: "Try again" sends it as it was.
      const followers = this.sources.fail(entry.key);
      this.failed.set(id, { entry, followers });
      count += 1 + followers.length;
    }
    if (count === 0) return;
    this.progress.failed += count;
    this.error = error;
    if (isStopping(error)) this.phase = 'stopped';
    this.settle();
  }

  /** Stops following the page (the content script is going away); the page stays as it is. */
  dispose(): void {
    this.disposed = true;
    if (this.gatherTimer !== undefined) clearTimeout(this.gatherTimer);
    this.views.dispose();
    this.stopChecks?.();
    this.parts?.watcher.disconnect();
    this.parts?.feed.disconnect();
    this.parts?.gate.dispose();
  }

  private translatedMode(): ViewMode {
    return this.parts?.plan.mode === 'bilingual' ? 'bilingual' : 'translated';
  }

  /**
   * The page's plan from the worker. A worker stopped while preparing takes its answer with it: the
   * message rejects (the browser closes its channel). The plan is asked for again once, which starts a
   * new worker; lost twice, the page says so, and "Try again" begins anew, instead of preparing for good.
   * Right after a stop the browser may still refuse to deliver (no worker listens while one goes down):
   * that message never reached a worker, so it is sent again after a short pause, a few times.
   */
  private async askForPlan(): Promise<Result<PagePlan>> {
    let lost = 0;
    let pauses = 0;
    for (;;) {
      try {
        return await this.deps.prepare();
      } catch (e) {
        if (this.disposed) return { ok: false, error: planLost() };
        if (NOT_DELIVERED.test(String(e)) && pauses < DELIVERY_PAUSES_MS.length) {
          await new Promise((resolve) => setTimeout(resolve, DELIVERY_PAUSES_MS[pauses++]));
          continue;
        }
        if (++lost > 1) return { ok: false, error: planLost() };
      }
    }
  }

  private async begin(byPerson: boolean): Promise<void> {
    this.phase = 'preparing';
    this.error = undefined;
    this.emit();
    const prepared = await this.askForPlan();
    if (this.disposed) return;
    if (!prepared.ok) {
      this.phase = 'error';
      this.error = prepared.error;
      this.emit();
      return;
    }
    const plan = { ...prepared.value, reading: this.readingChoice ?? prepared.value.reading };
    const { doc } = this.deps;
    const watcher = new PageWatcher({ onChange: (change) => this.onPageChange(change) });
    const mode: ViewMode = plan.mode === 'bilingual' ? 'bilingual' : 'translated';
    const store = new PageTranslation({
      targetLang: plan.targetLang,
      doc,
      around: watcher.ignore,
      mode,
      parse: this.parser,
    });
    const feed = new ChunkFeed<Unit>((units) => this.promote(units), undefined, this.deps.createObserver);
    const gate = new ReadingGate<Unit>({
      win: this.deps.win,
      reading: plan.reading,
      targetOf: (unit) => this.readTarget(unit),
      release: (units, near) => this.release(units, near),
      roundTripMs: () => this.roundTrip.ms,
      now: this.now,
      ...(this.deps.sight ? { sight: this.deps.sight } : {}),
      ...(this.deps.gateObserver ? { createObserver: this.deps.gateObserver } : {}),
      ...(this.deps.schedule ? { schedule: this.deps.schedule } : {}),
      ...(this.deps.viewportRoot ? { root: this.deps.viewportRoot } : {}),
    });
    this.parts = { plan, store, watcher, feed, claims: new PendingClaims(store), gate };
    if (mode === 'bilingual') this.adoptBilingualCss();
    this.shown = mode;
    this.phase = 'translating';
    this.resumeNext = byPerson;
    this.emit();
    // Read through the prototype: `<img name="body">` stands for `document.body` otherwise.
    const body = bodyOf(doc);
    watcher.observe(body);
    this.stopChecks = this.deps.repeat(() => void this.check(), this.deps.checkAfterMs ?? 4000);
    await this.pass(async (parts) => {
      // The screen first: a few blocks, cut at once, so the first request leaves without waiting for the rest.
      this.firstIds = [];
      const screen = viewportRoots(body, this.deps.win);
      for (const root of screen.roots) {
        const cut = segment(root, this.segmentOptions(parts));
        this.observe(cut.shadowRoots);
        this.hand(parts, cut.units, true);
      }
      // Text beside the nested blocks of a block that straddles the screen's edge (a label and buttons
      // between a shop's paragraphs) goes too where it shows; what lies off screen waits for the full pass.
      for (const block of screen.straddling) {
        const cut = segment(block, { ...this.segmentOptions(parts), shallow: true, attributes: false });
        const shown = cut.units.filter((unit) => unit.kind === 'text' && runShows(unit.nodes, doc, screen));
        this.hand(parts, shown, true);
      }
      for (const id of this.firstIds) this.firstScreen.add(id);
      this.firstIds = undefined;
      // The screen's text goes at once; its attributes (tooltips, descriptions, labels) wait for the rest's,
      // so that a small page's attributes share one request instead of two.
      this.flush(false, 'html');
      // The rest waits for the screen's answers (or a second at most): cutting a big page and packing
      // its requests would otherwise hold up the very answers the reader is waiting for, in the tab, in
      // the worker and at the service.
      await this.firstScreen.done(FIRST_SCREEN_HEAD_START_MS);
      if (!this.disposed) this.deps.onFirstScreen?.();
      // Then the rest, sent as it is read, so requests leave while the page is still being cut.
      const pace = this.pacer();
      for (const root of partition(body)) {
        await pace();
        if (this.disposed) return;
        if (this.phase === 'stopped') {
          // Nothing can be sent now: the rest is cut when the person tries again.
          this.deferred.add(root);
          continue;
        }
        const cut = await segmentSliced(root, this.segmentOptions(parts), this.passSlicing);
        this.observe(cut.shadowRoots);
        this.hand(parts, cut.units, false);
        if (this.outgoing.size >= SEND_EVERY) this.flush(true);
      }
      this.flush();
    });
  }

  /**
   * Cut units go to the reading gate, which sends at once what is to be read now (the screen; the whole
   * page but what is hidden) and holds the rest; they are claimed from here on, so no pass cuts them again.
   */
  private hand(parts: Parts, units: readonly Unit[], near: boolean): void {
    for (const unit of units) parts.claims.hold(unit);
    // Bilingual lines show attributes in the original: an echo would have nothing to show.
    let rest = units;
    if (parts.plan.mode !== 'bilingual') {
      const split = splitEchoes(units);
      rest = split.rest;
      for (const [text, attrs] of split.echoes) this.echoes.set(text, [...(this.echoes.get(text) ?? []), ...attrs]);
    }
    this.inPass = true;
    try {
      parts.gate.add(rest, near);
    } finally {
      this.inPass = false;
    }
  }

  /**
   * The block whose visibility stands for a unit: a text unit's own; an attribute's element's block, so
   * attributes go with the text around them (an image without a size yet, a link, a field).
   */
  private readTarget(unit: Unit): Element {
    if (unit.kind === 'text') return unit.target;
    let block = this.attrBlocks.get(unit.element);
    if (!block) {
      const container = containerOf(unit.element);
      block = !container
        ? unit.element
        : nodeTypeOf(container) === 1
          ? (container as Element)
          : hostOf(container as ShadowRoot);
      this.attrBlocks.set(unit.element, block);
    }
    return block;
  }

  /** The gate lets units go: sent now (near the screen first); a pass sends what it was handed itself. */
  private release(units: Unit[], near: boolean): void {
    const parts = this.parts;
    if (!parts || units.length === 0) return;
    if (this.phase === 'stopped') {
      // Nothing can be sent now: they go when the person tries again.
      this.stalled.push(...units);
      this.emit();
      return;
    }
    const sent = this.take(units, near ? 'visible' : 'background');
    if (this.firstIds) {
      for (const unit of sent) if (unit.kind === 'text') this.firstIds.push(this.ids.get(unit) ?? '');
    }
    if (!near) parts.feed.add(sent);
    if (!this.inPass) {
      this.outgoing.flush(this.resumeNext);
      this.resumeNext = false;
    }
  }

  private segmentOptions(parts: Parts): SegmentOptions {
    return { targetLang: parts.plan.targetLang, claims: parts.claims };
  }

  /**
   * Each segmented part starts its own slice budget, and small parts finish within it: without a yield
   * between parts a whole pass would run as one long task. This yields once the slice is used up.
   */
  private pacer(): () => Promise<void> {
    const budget = this.passSlicing.sliceMs ?? 8;
    let start = this.now();
    return async () => {
      if (this.now() - start < budget) return;
      await this.passSlicing.yieldNow();
      start = this.now();
    };
  }

  /** Runs a segmentation pass after the previous one, so two passes never cut the same run. */
  private pass(run: (parts: Parts) => Promise<void>): Promise<void> {
    const parts = this.parts;
    if (!parts) return Promise.resolve();
    this.running++;
    this.passes = this.passes
      .then(() => (this.disposed ? undefined : run(parts)))
      .catch((e: unknown) => {
        // Part of the page may stay untranslated: say so rather than look finished.
        console.warn('[verso] page translation pass failed', e);
        this.error = toErrorInfo(e);
      })
      .finally(() => {
        this.running--;
        this.gather();
        this.settle();
      });
    return this.passes;
  }

  /**
   * Sends what was gathered (only whole requests' worth per group with `fullOnly`); the first message
   * of a person's start carries the resume flag.
   */
  private flush(fullOnly = false, only?: 'html'): void {
    const before = this.outgoing.size;
    if (fullOnly) this.outgoing.flushFull(this.resumeNext);
    else this.outgoing.flush(this.resumeNext, only);
    if (this.outgoing.size < before) this.resumeNext = false;
  }

  private observe(shadowRoots: readonly ShadowRoot[]): void {
    for (const root of shadowRoots) this.parts?.watcher.observe(root);
  }

  /**
   * Registers units: a unit whose source was answered before is merged (at once on the screen, with the
   * rest's answers elsewhere), one whose source is on its way follows it, the others are queued for
   * sending. Returns the units sent.
   */
  private take(units: readonly Unit[], priority: Priority): Unit[] {
    const parts = this.parts;
    if (!parts || units.length === 0) return [];
    const now = this.now();
    const sent: Unit[] = [];
    const known: Array<[Unit, string]> = [];
    let held = 0;
    for (const unit of units) {
      const text = unit.kind === 'text' ? (wrappedText(unit)?.inner ?? unit.source) : unit.original;
      const key = sourceKey(unit);
      const id = `${this.deps.docId}.${unit.uid.toString(36)}`;
      parts.claims.hold(unit);
      if (priority === 'visible') this.nearUnits.add(unit);
      // Late content is billed against the page's budget; repeats of known text cost nothing.
      if (this.late.has(unit) && this.sources.leads(key) && !this.budget.spend(text.length, now)) {
        this.overBudget.push(unit);
        held++;
        continue;
      }
      const joined = this.sources.join(key, unit);
      if (joined.kind === 'known') {
        known.push([unit, joined.text]);
        continue;
      }
      if (joined.kind === 'follow') {
        const leader = this.leaders.get(key);
        if (leader) this.ids.set(unit, leader);
        continue;
      }
      this.ids.set(unit, id);
      this.leaders.set(key, id);
      const params = unit.kind === 'text' ? parts.plan.html : parts.plan.attr;
      const segment: PageSegment = { id, text, params, priority };
      this.pending.add(unit, key, segment, now);
      this.outgoing.push(segment);
      sent.push(unit);
    }
    this.progress.total += units.length - held;
    if (priority === 'visible') this.merge(known);
    else {
      // Off the screen, repeats of text already answered (a table's cells, a menu repeated down the page)
      // wait with the rest's answers: merged as the pass cuts them, each slice's few would cost a frame
      // that lays out and walks the whole page.
      for (const item of known) this.gathered.push(item);
      this.gather();
    }
    this.emit();
    return sent;
  }

  private sendNow(segments: PageSegment[], resume: boolean): void {
    void this.deps
      .enqueue(segments, resume)
      .then((result) => {
        if (!result.ok) {
          this.fail(
            segments.map((s) => s.id),
            result.error,
          );
        }
      })
      // Not delivered (the worker was starting): the units stay pending and the status check resends them.
      .catch(() => undefined);
  }

  /** Units that came near the screen go before the rest of the page. */
  private promote(units: Unit[]): void {
    const segments = this.pending.promote(units, (unit) => this.ids.get(unit), 'visible');
    if (segments.length === 0) return;
    for (const segment of segments) this.outgoing.push(segment);
    this.outgoing.flush();
  }

  /**
   * Queues answers for merging. One loop merges at a time and takes everything that arrived meanwhile,
   * so answers of several messages share frames instead of paying for one each.
   */
  private merge(batch: ReadonlyArray<[Unit, string]>, near = false): void {
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
        this.settle();
      });
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

  private async mergeNow(batch: ReadonlyArray<[Unit, string]>): Promise<void> {
    const parts = this.parts;
    if (!parts) return;
    const { yieldNow, sliceMs = 8 } = this.deps.slicing;
    // First the answers are parsed and planned against the units' nodes: reads only, so no frame pays.
    const planned: Planned[] = [];
    const answers = batch.map(([unit, text]) => answerFor(unit, text));
    let start = this.now();
    for (let i = 0; i < batch.length; i += PARSE_TOGETHER) {
      this.parser.prime(answers.slice(i, i + PARSE_TOGETHER));
      for (let j = i; j < Math.min(batch.length, i + PARSE_TOGETHER); j++) {
        planned.push(parts.store.plan(batch[j]![0], answers[j]!));
      }
      if (this.now() - start >= sliceMs) {
        await this.planSlicing.yieldNow();
        start = this.now();
      }
    }
    // Then written, a slice per frame.
    const changed: Node[] = [];
    start = this.now();
    let inSlice = 0;
    for (const item of planned) {
      const unit = item.unit;
      const outcome = parts.store.commit(item);
      parts.claims.release(unit);
      if (outcome === 'applied') this.applyEchoes(parts, unit);
      // The service answered without text: the unit keeps its original, and the page must say so.
      if (outcome === 'empty') this.progress.empty++;
      // The page changed the unit while it was away: cut it again from what the page shows now.
      if (outcome === 'stale' && isConnected(unit.target))
        changed.push(unit.kind === 'text' ? unit.parent : unit.element);
      this.progress.done++;
      // Bounded by count too: the frame after the slice lays out every block it changed.
      if (++inSlice >= MERGES_PER_SLICE || this.now() - start >= sliceMs) {
        await yieldNow();
        start = this.now();
        inSlice = 0;
      }
    }
    if (changed.length > 0) void this.rescan(rescanRoots(changed), true);
    // Longer or shorter text moved the blocks below: what the reader will see next may have changed.
    parts.gate.check();
    this.settle();
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

  private onPageChange(change: PageChange): void {
    const parts = this.parts;
    if (!parts) return;
    void this.rescan(rescanAfter(change, parts.store), true);
    // Units held for blocks the page took away will never be read.
    if (change.containers.length > 0 && parts.gate.prune() > 0) this.settle();
  }

  /**
   * New or changed content: units near the screen go first, the rest when they come into view. `late`:
   * the page added or changed it after the first pass, so its sending counts against the budget.
   */
  private rescan(roots: ReadonlyArray<Element | ShadowRoot>, late = false): Promise<void> {
    if (roots.length === 0) return Promise.resolve();
    if (late && this.budget.paused) {
      // Paused for the budget: nothing is cut until the person asks for more.
      for (const root of roots) this.lateRoots.add(root);
      this.settle();
      return Promise.resolve();
    }
    if (this.phase === 'stopped') {
      // Nothing can be sent now; cut it when the person tries again.
      for (const root of roots) this.deferred.add(root);
      return Promise.resolve();
    }
    return this.pass(async (parts) => {
      const near = nearViewport(this.deps.win);
      const visible: Unit[] = [];
      const rest: Unit[] = [];
      const pace = this.pacer();
      for (const root of roots) {
        await pace();
        if (!isConnected(root)) continue;
        const cut = await segmentSliced(root, this.segmentOptions(parts), this.passSlicing);
        this.observe(cut.shadowRoots);
        for (const unit of cut.units) {
          if (late) this.late.add(unit);
          (near(unit.target) ? visible : rest).push(unit);
        }
      }
      this.hand(parts, visible, true);
      this.hand(parts, rest, false);
      this.outgoing.flush();
    });
  }

  private retry(): void {
    const failed = [...this.failed.values()];
    this.failed.clear();
    this.error = undefined;
    this.phase = 'translating';
    const now = this.now();
    for (const { entry, followers } of failed) {
      this.progress.failed -= 1 + followers.length;
      this.pending.add(entry.unit, entry.key, entry.segment, now);
      this.sources.rejoin(entry.key, followers);
      this.outgoing.push(entry.segment);
    }
    this.outgoing.flush(true);
    const stalled = this.stalled;
    this.stalled = [];
    this.release(stalled, true);
    this.emit();
    const roots = [...this.deferred];
    this.deferred.clear();
    void this.rescan(roots);
  }

  /** Asks the background about units unanswered for a while; sends again only those it does not know. */
  private async check(): Promise<void> {
    if (this.pending.size === 0 || this.phase === 'stopped') return;
    const quiet = this.pending.quiet(this.now(), this.deps.checkAfterMs ?? 4000);
    for (let i = 0; i < quiet.length; i += STATUS_CHUNK) {
      const ids = quiet.slice(i, i + STATUS_CHUNK).map((entry) => entry.segment.id);
      const answer = await this.deps.status(ids).catch(() => undefined);
      if (!answer?.ok) continue;
      for (const id of answer.value.unknown) {
        const entry = this.pending.get(id);
        if (entry) this.outgoing.push(entry.segment);
      }
    }
    this.outgoing.flush();
  }

  private show(mode: ViewMode): Promise<void> {
    const parts = this.parts;
    if (!parts) return Promise.resolve();
    if (mode === 'bilingual') this.adoptBilingualCss();
    this.shown = mode;
    this.emit();
    this.modes = this.modes.then(() => parts.store.setModeSliced(mode, this.deps.slicing));
    return this.modes;
  }

  /** The bilingual line's look, as a constructed sheet: nothing is added to the page's DOM. */
  private adoptBilingualCss(): void {
    const { doc } = this.deps;
    if (this.bilingualCss || !('adoptedStyleSheets' in doc)) return;
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(BILINGUAL_CSS);
      setAdoptedSheets(doc, [...adoptedSheetsOf(doc), sheet]);
      this.bilingualCss = sheet;
    } catch {
      // Without it the line still shows as a block of its own (set on the element itself).
    }
  }

  /**
   * The phase after a change: translating while anything is on its way or being cut; reading while
   * parts of the page wait until they are read or shown; done only when nothing is left.
   */
  private settle(): void {
    if (this.phase === 'translating' || this.phase === 'done' || this.phase === 'reading') {
      const busy = this.pending.size > 0 || this.running > 0 || this.mergesQueued > 0 || this.gathered.length > 0;
      const waiting =
        (this.parts?.gate.held ?? 0) > 0 ||
        this.stalled.length > 0 ||
        this.overBudget.length > 0 ||
        this.lateRoots.size > 0;
      this.phase = busy ? 'translating' : waiting ? 'reading' : 'done';
    }
    if (this.phase !== 'translating' && this.phase !== 'preparing' && this.quietWaiters.length > 0) {
      for (const resolve of this.quietWaiters.splice(0)) resolve();
    }
    this.emit();
  }

  private emit(): void {
    if (!this.disposed) this.views.emit(() => this.view());
  }
}
