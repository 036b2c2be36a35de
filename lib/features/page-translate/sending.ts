import { jsonStringBytes } from '../../api/body.ts';
import { escapeText } from '../../dom/escape.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { LateContent } from './budget.ts';
import { FirstScreen } from './first-screen.ts';
import type { Weight } from './gate.ts';
import type { Answered, MergeLoop } from './merge-loop.ts';
import type { PageDelivered, PageSegment } from './messages.ts';
import { Outgoing } from './outgoing.ts';
import { type PendingUnit, PendingUnits } from './pending.ts';
import { RoundTrip } from './prefetch.ts';
import type { Priority } from './queue/schema.ts';
import type { Unit } from './segments/index.ts';
import type { SessionState } from './session-state.ts';
import { SourceIndex } from './sources.ts';
import { markupOf, sentText, sourceKey } from './units.ts';

/**
 * Errors after which nothing more is sent until the person acts: quota used up, key refused, or the
 * spending guard holding the site back (lib/features/spending).
 */
export const isStopping = (error: { code: string }): boolean =>
  error.code === 'quota_exceeded' || error.code === 'auth' || error.code === 'held';

const STATUS_CHUNK = 2000;

interface Failed {
  entry: PendingUnit;
  followers: Unit[];
}

/**
 * A page's units on their way to the background's queue and back: each source sent once (repeats follow
 * it), answers taken exactly once, failures kept for "Try again", and units unanswered for a while
 * checked with the background.
 */
export class SegmentSender {
  private readonly pending = new PendingUnits();
  private readonly sources = new SourceIndex<Unit>();
  private readonly failed = new Map<string, Failed>();
  /** A unit's segment id, or its leader's for a unit that follows another. */
  private readonly ids = new WeakMap<Unit, string>();
  /** The segment id that leads a source, while its answer is awaited. */
  private readonly leaders = new Map<string, string>();
  private readonly outgoing: Outgoing;
  /** Units sent (or following a text sent) as on or near the screen. */
  private readonly nearUnits = new WeakSet<Unit>();
  /** Units released while the queue was stopped: sent when the person tries again. */
  private stalled: Unit[] = [];
  /** The gate is handing units over inside a pass, which sends them itself. */
  private inPass = false;
  /** Segment ids of the first screen, while its units are released. */
  private firstIds: string[] | undefined;
  /** The next message carries the person's resume (a start by a person lifts a stop of the queue). */
  resumeNext = false;
  readonly roundTrip = new RoundTrip();
  readonly firstScreen = new FirstScreen();

  constructor(
    private readonly state: SessionState,
    private readonly merges: MergeLoop,
    private readonly late: LateContent,
  ) {
    this.outgoing = new Outgoing((segments, resume) => this.sendNow(segments, resume));
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get failedCount(): number {
    return this.failed.size;
  }

  get stalledCount(): number {
    return this.stalled.length;
  }

  get outgoingSize(): number {
    return this.outgoing.size;
  }

  /** Runs `hand` (the gate taking a pass's units): what it releases is sent by the pass. */
  duringPass(hand: () => void): void {
    this.inPass = true;
    try {
      hand();
    } finally {
      this.inPass = false;
    }
  }

  /** Collects the ids of the text units released meanwhile: the first screen's. */
  collectFirstIds(): void {
    this.firstIds = [];
  }

  /** The first screen's ids, collected since `collectFirstIds`; collecting stops. */
  takeFirstIds(): string[] {
    const ids = this.firstIds ?? [];
    this.firstIds = undefined;
    return ids;
  }

  /** The gate lets units go: sent now (near the screen first); a pass sends what it was handed itself. */
  release(units: Unit[], near: boolean): void {
    const parts = this.state.parts;
    if (!parts || units.length === 0) return;
    if (this.state.phase === 'stopped') {
      // Nothing can be sent now: they go when the person tries again.
      this.stalled.push(...units);
      this.state.emit();
      return;
    }
    const sent = this.sendUnits(units, near ? 'visible' : 'background');
    if (this.firstIds) {
      for (const unit of sent) if (unit.kind === 'text') this.firstIds.push(this.ids.get(unit) ?? '');
    }
    if (!near) parts.feed.add(sent);
    if (!this.inPass) {
      this.outgoing.flush(this.resumeNext);
      this.resumeNext = false;
    }
  }

  /** What a unit would add to a request (the reading gate fills requests): nothing if its text is known or on its way. */
  weigh(unit: Unit): Weight | undefined {
    if (!this.sources.leads(sourceKey(unit))) return undefined;
    return { group: unit.kind === 'text' ? 'html' : 'attr', bytes: jsonStringBytes(sentText(unit)) + 1 };
  }

  /**
   * Registers units: a unit whose source was answered before is merged (at once on the screen, with the
   * rest's answers elsewhere), one whose source is on its way follows it, the others are queued for
   * sending. Returns the units sent.
   */
  private sendUnits(units: readonly Unit[], priority: Priority): Unit[] {
    const parts = this.state.parts;
    if (!parts || units.length === 0) return [];
    const now = this.state.now();
    const sent: Unit[] = [];
    const known: Answered[] = [];
    let held = 0;
    let copies = 0;
    for (const unit of units) {
      const text = sentText(unit);
      const key = sourceKey(unit);
      const id = `${this.state.deps.docId}.${unit.uid.toString(36)}`;
      parts.claims.hold(unit);
      if (priority === 'visible') this.nearUnits.add(unit);
      // Text Verso translated, copied or put back by the page (a breadcrumb taking a translated heading, a
      // framework re-rendering what it read): already in the target's language, never sent again.
      if (this.sources.leads(key) && this.sources.isAnswer(markupOf(unit))) {
        copies++;
        continue;
      }
      // Late content is billed against the page's budget; repeats of known text cost nothing.
      if (!this.late.admits(unit, () => this.sources.leads(key), text.length, now)) {
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
      const group = unit.kind === 'attr' ? 'attr' : parts.languages.isForeign(unit) ? 'html-auto' : 'html';
      const segment: PageSegment = { id, text, group, priority };
      this.pending.add(unit, key, segment, now);
      this.outgoing.push(segment);
      sent.push(unit);
    }
    this.state.progress.total += units.length - held - copies;
    if (priority === 'visible') this.merges.merge(known);
    else {
      // Off the screen, repeats of text already answered (a table's cells, a menu repeated down the page)
      // wait with the rest's answers: merged as the pass cuts them, each slice's few would cost a frame
      // that lays out and walks the whole page.
      for (const item of known) this.merges.gatherLater(item);
      this.merges.gather();
    }
    this.state.emit();
    return sent;
  }

  /**
   * Sends what was gathered (only whole requests' worth per group with `fullOnly`); the first message
   * of a person's start carries the resume flag.
   */
  flush(fullOnly = false, only?: 'html'): void {
    const before = this.outgoing.size;
    if (fullOnly) this.outgoing.flushFull(this.resumeNext);
    else this.outgoing.flush(this.resumeNext, only);
    if (this.outgoing.size < before) this.resumeNext = false;
  }

  /** Sends everything gathered, with `resume` as given (the resume flag stays as it was). */
  flushOutgoing(resume = false): void {
    this.outgoing.flush(resume);
  }

  private sendNow(segments: PageSegment[], resume: boolean): void {
    void this.state.deps
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
  promote(units: Unit[]): void {
    const segments = this.pending.promote(units, (unit) => this.ids.get(unit), 'visible');
    if (segments.length === 0) return;
    for (const segment of segments) this.outgoing.push(segment);
    this.outgoing.flush();
  }

  /** Answers from the background. A unit is merged once; ids already answered or unknown are ignored. */
  receive(items: readonly PageDelivered[]): void {
    const batch: Answered[] = [];
    const ids: string[] = [];
    for (const item of items) {
      const entry = this.pending.take(item.id);
      if (!entry) continue;
      ids.push(item.id);
      const near = entry.segment.priority === 'visible';
      if (near) this.roundTrip.sample(this.state.now() - entry.sentAt);
      this.leaders.delete(entry.key);
      // Kept as markup: a text unit and an attribute with the same text share one answer.
      const answer = entry.unit.kind === 'attr' ? escapeText(item.text) : item.text;
      if (near) batch.push([entry.unit, answer]);
      else this.merges.gatherLater([entry.unit, answer]);
      // Units elsewhere with the same text take the answer too: with the screen's only those on it (a
      // menu's labels repeated down a long page would otherwise hold the screen up).
      for (const follower of this.sources.answer(entry.key, answer)) {
        if (near && this.nearUnits.has(follower)) batch.push([follower, answer]);
        else this.merges.gatherLater([follower, answer]);
      }
    }
    this.merges.merge(batch, true);
    this.merges.gather();
    for (const id of ids) this.firstScreen.answered(id, this.merges.current);
  }

  fail(ids: readonly string[], error: ErrorInfo): void {
    let count = 0;
    for (const id of ids) {
      const entry = this.pending.take(id);
      if (!entry) continue;
      this.firstScreen.answered(id, this.merges.current);
      // Still claimed: "Try again" sends it as it was.
      const followers = this.sources.fail(entry.key);
      this.failed.set(id, { entry, followers });
      count += 1 + followers.length;
    }
    if (count === 0) return;
    this.state.progress.failed += count;
    this.state.error = error;
    if (isStopping(error)) this.state.phase = 'stopped';
    this.state.updatePhase();
  }

  /** "Try again": what failed is sent as it was, and what was released while stopped goes now. */
  retry(): void {
    const failed = [...this.failed.values()];
    this.failed.clear();
    this.state.error = undefined;
    this.state.phase = 'translating';
    const now = this.state.now();
    for (const { entry, followers } of failed) {
      this.state.progress.failed -= 1 + followers.length;
      this.pending.add(entry.unit, entry.key, entry.segment, now);
      this.sources.rejoin(entry.key, followers);
      this.outgoing.push(entry.segment);
    }
    this.outgoing.flush(true);
    const stalled = this.stalled;
    this.stalled = [];
    this.release(stalled, true);
  }

  /** Asks the background about units unanswered for a while; sends again only those it does not know. */
  async check(): Promise<void> {
    if (this.pending.size === 0 || this.state.phase === 'stopped') return;
    const quiet = this.pending.quiet(this.state.now(), this.state.deps.checkAfterMs ?? 4000);
    for (let i = 0; i < quiet.length; i += STATUS_CHUNK) {
      const ids = quiet.slice(i, i + STATUS_CHUNK).map((entry) => entry.segment.id);
      const answer = await this.state.deps.status(ids).catch(() => undefined);
      if (!answer?.ok) continue;
      for (const id of answer.value.unknown) {
        const entry = this.pending.get(id);
        if (entry) this.outgoing.push(entry.segment);
      }
    }
    this.outgoing.flush();
  }
}
