import type { Unit } from './segments/index.ts';

/**
 * Characters of late content (what the page adds or changes after the first pass) sent in any minute
 * before Verso pauses that page and asks. A person reads about 1,500 characters a minute, and a news
 * feed or a chat that grows as fast as anyone can follow stays far below; a page that adds a random
 * paragraph every 50 ms (about 300,000 a minute) reaches it in a few seconds. docs/security.md.
 */
export const LATE_CHARS_PER_MINUTE = 20_000;
/**
 * Characters of late content sent in all before Verso pauses and asks, however slowly they came: a
 * page that stays open all day and keeps adding text costs at most this much unasked (about 60 pages
 * of a book), and every "Translate more" grants as much again.
 */
export const LATE_CHARS_TOTAL = 100_000;

const MINUTE_MS = 60_000;

/**
 * The late-content budget of one page. `spend` says whether `chars` more may be sent now; once either
 * limit would be passed the page is paused, and nothing more is allowed until `grant` (the person's
 * "Translate more"), which starts a new budget of both.
 */
export class LateBudget {
  private spent = 0;
  private inMinute = 0;
  private recent: Array<{ at: number; chars: number }> = [];
  private pausedNow = false;

  constructor(
    private readonly perMinute = LATE_CHARS_PER_MINUTE,
    private readonly total = LATE_CHARS_TOTAL,
  ) {}

  get paused(): boolean {
    return this.pausedNow;
  }

  /** Counts `chars` sent at `now` (ms) if both limits allow it; otherwise pauses and answers false. */
  spend(chars: number, now: number): boolean {
    if (this.pausedNow) return false;
    while (this.recent.length > 0 && now - this.recent[0]!.at >= MINUTE_MS) {
      this.inMinute -= this.recent.shift()!.chars;
    }
    if (this.spent + chars > this.total || this.inMinute + chars > this.perMinute) {
      this.pausedNow = true;
      return false;
    }
    this.spent += chars;
    this.inMinute += chars;
    this.recent.push({ at: now, chars });
    return true;
  }

  /** Another budget: the person asked to translate more. */
  grant(): void {
    this.pausedNow = false;
    this.spent = 0;
    this.inMinute = 0;
    this.recent = [];
  }
}

/**
 * Content the page added or changed after the first pass, held to the page's late budget: units whose
 * sending was refused and content that came while the budget was used up wait for "Translate more".
 */
export class LateContent {
  private readonly late = new WeakSet<Unit>();
  /** Late units held back once the budget was used up: sent when the person asks for more. */
  private held: Unit[] = [];
  /** Late content that came while the page was paused: cut when the person asks for more. */
  private readonly roots = new Set<Element | ShadowRoot>();

  constructor(readonly budget: LateBudget) {}

  get paused(): boolean {
    return this.budget.paused;
  }

  /** Late units held back. */
  get heldCount(): number {
    return this.held.length;
  }

  /** Units or content wait for "Translate more". */
  get waiting(): boolean {
    return this.held.length > 0 || this.roots.size > 0;
  }

  /** The page added or changed this unit after the first pass: its sending counts. */
  mark(unit: Unit): void {
    this.late.add(unit);
  }

  /**
   * Whether a unit may be sent: late content is billed against the budget, repeats of known text
   * (`leads` false) cost nothing. A unit refused is held until the person asks for more.
   */
  admits(unit: Unit, leads: () => boolean, chars: number, now: number): boolean {
    if (this.late.has(unit) && leads() && !this.budget.spend(chars, now)) {
      this.held.push(unit);
      return false;
    }
    return true;
  }

  /** Content that came while paused, cut once the person asks for more. */
  holdRoots(roots: ReadonlyArray<Element | ShadowRoot>): void {
    for (const root of roots) this.roots.add(root);
  }

  /** "Translate more": another budget; returns what was held back. */
  grant(): { units: Unit[]; roots: Array<Element | ShadowRoot> } {
    this.budget.grant();
    const units = this.held;
    this.held = [];
    const roots = [...this.roots];
    this.roots.clear();
    return { units, roots };
  }
}
