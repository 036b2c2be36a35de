import type { ErrorInfo, Result } from '../../messaging/result.ts';
import {
  BILINGUAL_CSS,
  nearViewport,
  type ObserverFactory,
  type PageChange,
  PageTranslation,
  PageWatcher,
  rescanAfter,
  rescanRoots,
  type SegmentOptions,
  type Slicing,
  segment,
  segmentSliced,
  type Unit,
  type ViewMode,
  VisibilityFeed,
} from '../../page/index.ts';
import type { Priority } from '../../queue/schema.ts';
import { PendingClaims } from './claims.ts';
import type { PageDelivered, PagePhase, PagePlan, PageSegment, PageShown, PageView } from './messages.ts';
import { Outgoing } from './outgoing.ts';
import { type PendingUnit, PendingUnits } from './pending.ts';
import { viewportRoots } from './viewport.ts';

export interface SessionDeps {
  doc: Document;
  win: Window;
  /** Names this document in every segment id (`${docId}.${n}`). */
  docId: string;
  prepare(): Promise<Result<PagePlan>>;
  enqueue(segments: PageSegment[], resume: boolean): Promise<Result<{ accepted: number }>>;
  status(ids: string[]): Promise<Result<{ unknown: string[] }>>;
  onView(view: PageView): void;
  /** Runs `run` every `ms`; returns the cancel. WXT's ctx in the content script, so a reload stops it. */
  repeat(run: () => void, ms: number): () => void;
  slicing: Slicing;
  now?: () => number;
  /** Units unanswered this long are checked with the background (default 4 s). */
  checkAfterMs?: number;
  createObserver?: ObserverFactory;
}

interface Parts {
  plan: PagePlan;
  store: PageTranslation;
  watcher: PageWatcher;
  feed: VisibilityFeed<Unit>;
  claims: PendingClaims;
}

const escapeText = (text: string): string =>
  text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

/** Errors after which nothing more is sent until the person acts (quota used up, key refused). */
export const isStopping = (error: { code: string }): boolean =>
  error.code === 'quota_exceeded' || error.code === 'auth';

const STATUS_CHUNK = 2000;

/**
 * One page's translation, in the content script: cuts the page into units (the screen first, then the
 * rest in slices), sends them to the background's queue, merges each answer exactly once, follows the
 * page as it changes, and switches between original and translation without asking again.
 */
export class PageSession {
  private phase: PagePhase = 'idle';
  private shown: PageShown = 'original';
  private error: ErrorInfo | undefined;
  private parts: Parts | undefined;
  private readonly pending = new PendingUnits();
  private readonly failed = new Map<string, PendingUnit>();
  private readonly ids = new WeakMap<Unit, string>();
  private readonly outgoing: Outgoing;
  private readonly progress = { total: 0, done: 0, failed: 0 };
  /** Segmentation passes run one after another: a unit is claimed only once its pass is over. */
  private passes: Promise<void> = Promise.resolve();
  private running = 0;
  private merging: Promise<void> = Promise.resolve();
  private modes: Promise<void> = Promise.resolve();
  private resumeNext = false;
  private stopChecks: (() => void) | undefined;
  private bilingualCss: CSSStyleSheet | undefined;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly deps: SessionDeps) {
    this.now = deps.now ?? (() => performance.now());
    this.outgoing = new Outgoing((segments, resume) => this.sendNow(segments, resume));
  }

  view(): PageView {
    return {
      phase: this.phase,
      shown: this.shown,
      progress: { ...this.progress },
      ...(this.error ? { error: this.error } : {}),
      ...(this.parts ? { targetLang: this.parts.plan.targetLang } : {}),
    };
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
    const batch: Array<[PendingUnit, string]> = [];
    for (const item of items) {
      const entry = this.pending.take(item.id);
      if (entry) batch.push([entry, item.text]);
    }
    if (batch.length === 0) return;
    this.merging = this.merging.then(() => this.merge(batch));
  }

  fail(ids: readonly string[], error: ErrorInfo): void {
    let count = 0;
    for (const id of ids) {
      const entry = this.pending.take(id);
      if (!entry) continue;
      // Still claimed: "Try again" sends it as it was.
      this.failed.set(id, entry);
      count++;
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
    this.stopChecks?.();
    this.parts?.watcher.disconnect();
    this.parts?.feed.disconnect();
  }

  private translatedMode(): ViewMode {
    return this.parts?.plan.mode === 'bilingual' ? 'bilingual' : 'translated';
  }

  private async begin(byPerson: boolean): Promise<void> {
    this.phase = 'preparing';
    this.error = undefined;
    this.emit();
    const prepared = await this.deps.prepare();
    if (this.disposed) return;
    if (!prepared.ok) {
      this.phase = 'error';
      this.error = prepared.error;
      this.emit();
      return;
    }
    const plan = prepared.value;
    const { doc } = this.deps;
    const watcher = new PageWatcher({ onChange: (change) => this.onPageChange(change) });
    const mode: ViewMode = plan.mode === 'bilingual' ? 'bilingual' : 'translated';
    const store = new PageTranslation({ targetLang: plan.targetLang, doc, around: watcher.ignore, mode });
    const feed = new VisibilityFeed<Unit>({
      onVisible: (units) => this.promote(units),
      ...(this.deps.createObserver ? { createObserver: this.deps.createObserver } : {}),
    });
    this.parts = { plan, store, watcher, feed, claims: new PendingClaims(store) };
    if (mode === 'bilingual') this.adoptBilingualCss();
    this.shown = mode;
    this.phase = 'translating';
    this.resumeNext = byPerson;
    this.emit();
    watcher.observe(doc.body);
    this.stopChecks = this.deps.repeat(() => void this.check(), this.deps.checkAfterMs ?? 4000);
    await this.pass(async (parts) => {
      // The screen first: a few blocks, cut at once, so the first request leaves without waiting for the rest.
      for (const root of viewportRoots(doc.body, this.deps.win)) {
        const cut = segment(root, this.segmentOptions(parts));
        this.observe(cut.shadowRoots);
        this.take(cut.units, 'visible');
      }
      this.outgoing.flush(this.takeResume());
      const all = await segmentSliced(doc.body, this.segmentOptions(parts), this.deps.slicing);
      if (this.disposed) return;
      this.observe(all.shadowRoots);
      this.take(all.units, 'background');
      parts.feed.add(all.units);
      this.outgoing.flush(this.takeResume());
    });
  }

  private segmentOptions(parts: Parts): SegmentOptions {
    return { targetLang: parts.plan.targetLang, claims: parts.claims };
  }

  /** Runs a segmentation pass after the previous one, so two passes never cut the same run. */
  private pass(run: (parts: Parts) => Promise<void>): Promise<void> {
    const parts = this.parts;
    if (!parts) return Promise.resolve();
    this.running++;
    this.passes = this.passes
      .then(() => (this.disposed ? undefined : run(parts)))
      .catch((e: unknown) => console.warn('[verso] page translation pass failed', e))
      .finally(() => {
        this.running--;
        this.settle();
      });
    return this.passes;
  }

  private takeResume(): boolean {
    const resume = this.resumeNext;
    this.resumeNext = false;
    return resume;
  }

  private observe(shadowRoots: readonly ShadowRoot[]): void {
    for (const root of shadowRoots) this.parts?.watcher.observe(root);
  }

  /** Registers units as pending and queues their segments for sending. */
  private take(units: readonly Unit[], priority: Priority): void {
    const parts = this.parts;
    if (!parts || units.length === 0) return;
    const now = this.now();
    for (const unit of units) {
      const id = `${this.deps.docId}.${unit.uid.toString(36)}`;
      this.ids.set(unit, id);
      const segment: PageSegment = {
        id,
        text: unit.kind === 'text' ? unit.source : unit.original,
        params: unit.kind === 'text' ? parts.plan.html : parts.plan.attr,
        priority,
      };
      this.pending.add(unit, segment, now);
      parts.claims.hold(unit);
      this.outgoing.push(segment);
    }
    this.progress.total += units.length;
    this.emit();
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

  /** Units that scrolled into view go before the rest of the page. */
  private promote(units: Unit[]): void {
    const segments = this.pending.promote(units, (unit) => this.ids.get(unit), 'visible');
    if (segments.length === 0) return;
    for (const segment of segments) this.outgoing.push(segment);
    this.outgoing.flush();
  }

  private async merge(batch: ReadonlyArray<[PendingUnit, string]>): Promise<void> {
    const parts = this.parts;
    if (!parts) return;
    const { yieldNow, sliceMs = 8 } = this.deps.slicing;
    const changed: Node[] = [];
    let start = this.now();
    for (const [{ unit }, text] of batch) {
      const outcome = parts.store.apply(unit, unit.kind === 'attr' ? escapeText(text) : text);
      parts.claims.release(unit);
      // The page changed the unit while it was away: cut it again from what the page shows now.
      if (outcome === 'stale' && unit.target.isConnected)
        changed.push(unit.kind === 'text' ? unit.parent : unit.element);
      this.progress.done++;
      if (this.now() - start >= sliceMs) {
        await yieldNow();
        start = this.now();
      }
    }
    parts.feed.remove(batch.map(([{ unit }]) => unit));
    if (changed.length > 0) void this.rescan(rescanRoots(changed));
    this.settle();
  }

  private onPageChange(change: PageChange): void {
    const parts = this.parts;
    if (!parts) return;
    const roots = parts.watcher.ignore(() => rescanAfter(change, parts.store));
    void this.rescan(roots);
  }

  /** New or changed content: units near the screen go first, the rest when they come into view. */
  private rescan(roots: ReadonlyArray<Element | ShadowRoot>): Promise<void> {
    if (roots.length === 0 || this.phase === 'stopped') return Promise.resolve();
    return this.pass(async (parts) => {
      const near = nearViewport(this.deps.win);
      const visible: Unit[] = [];
      const rest: Unit[] = [];
      for (const root of roots) {
        if (!root.isConnected) continue;
        const cut = await segmentSliced(root, this.segmentOptions(parts), this.deps.slicing);
        this.observe(cut.shadowRoots);
        for (const unit of cut.units) (near(unit.target) ? visible : rest).push(unit);
      }
      this.take(visible, 'visible');
      this.take(rest, 'background');
      parts.feed.add(rest);
      this.outgoing.flush();
    });
  }

  private retry(): void {
    const entries = [...this.failed.values()];
    this.failed.clear();
    this.progress.failed -= entries.length;
    this.error = undefined;
    this.phase = 'translating';
    const now = this.now();
    for (const entry of entries) {
      this.pending.add(entry.unit, entry.segment, now);
      this.outgoing.push(entry.segment);
    }
    this.outgoing.flush(true);
    this.emit();
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
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
      this.bilingualCss = sheet;
    } catch {
      // Without it the line still shows as a block of its own (set on the element itself).
    }
  }

  private settle(): void {
    if (this.phase === 'translating' || this.phase === 'done') {
      this.phase = this.pending.size > 0 || this.running > 0 ? 'translating' : 'done';
    }
    this.emit();
  }

  private emit(): void {
    if (!this.disposed) this.deps.onView(this.view());
  }
}
