import { z } from 'zod';

/**
 * How many characters may leave without the person being asked. A bucket per site and per tab holds
 * `burst` characters and refills at `perMinute`; the whole browser is bounded by `globalPerMinute` and
 * `globalPerDay`. A reader never meets these: a long article translated whole is about 120,000
 * characters at once, and reading page after page costs a few thousand a minute. A page that keeps
 * spending on its own (late text, frames that reload, a site that reloads itself under an "always"
 * rule) reaches the site's burst in seconds and then gets `perMinute` at most, until the person says go on.
 */
export const SpendingLimits = z.object({
  burst: z.number().int().min(1_000).max(10_000_000).default(150_000),
  perMinute: z.number().int().min(100).max(10_000_000).default(20_000),
  globalPerMinute: z.number().int().min(1_000).max(100_000_000).default(400_000),
  globalPerDay: z.number().int().min(10_000).max(1_000_000_000).default(5_000_000),
});
export type SpendingLimits = z.infer<typeof SpendingLimits>;
export const DEFAULT_LIMITS: SpendingLimits = SpendingLimits.parse({});

/** What a charge comes from: a site's page (its tab's top site) or Verso's own pages (popup, documents). */
export interface ChargeInput {
  /** The tab's top site; undefined for Verso's own pages. */
  site?: string;
  tabId?: number;
  feature: SpendingFeature;
  chars: number;
  /**
   * Work the person asked for by a command of the browser or of Verso (Translate page, Try again) on
   * the document that asked: only the daily limit applies. Anything else the page does after (another
   * document, a reload, its frames) is not credited.
   */
  credited?: boolean;
  /** From a private window: today's totals (kept on disk) name no site for it, only `PRIVATE_WINDOWS`. */
  private?: boolean;
}

export const SPENDING_FEATURES = ['page', 'hover', 'selection', 'writing', 'popup', 'documents', 'video'] as const;
export type SpendingFeature = (typeof SPENDING_FEATURES)[number];

/** Which limit held a charge back. */
export type HeldReason = 'site' | 'tab' | 'minute' | 'day';

export const Held = z.object({
  site: z.string(),
  reason: z.enum(['site', 'tab', 'minute', 'day']),
  /** Characters refused since the hold began. */
  chars: z.number(),
  since: z.number(),
  features: z.array(z.enum(SPENDING_FEATURES)),
});
export type Held = z.infer<typeof Held>;

const Bucket = z.object({ level: z.number(), at: z.number() });
type Bucket = z.infer<typeof Bucket>;

/** Everything the guard keeps between worker restarts (session storage: a new browser session starts afresh). */
export const GuardState = z.object({
  sites: z.record(z.string(), Bucket).default({}),
  tabs: z.record(z.string(), Bucket.extend({ site: z.string().optional() })).default({}),
  minute: Bucket.optional(),
  held: z.record(z.string(), Held).default({}),
  /** Counts the worker's own writes: a stored state without it (or older) was written by someone else. */
  rev: z.number().int().optional(),
});
export type GuardState = z.infer<typeof GuardState>;

/** Today's spending, kept on disk for the settings page: characters by site, and by feature. */
export const DayTotals = z.object({
  day: z.string(),
  total: z.number().default(0),
  sites: z.record(z.string(), z.number()).default({}),
  features: z.record(z.string(), z.number()).default({}),
  /** Days the person let go past `globalPerDay`: each "Continue" on the daily limit adds one. */
  extraDays: z.number().int().default(0),
});
export type DayTotals = z.infer<typeof DayTotals>;

/** Verso's own pages (popup, documents) have no site: their spending is kept under this name. */
export const OWN_PAGES = 'verso';
/** What today's totals say for every site of a private window: its host names never reach the disk. */
export const PRIVATE_WINDOWS = 'private';

const MINUTE = 60_000;

export const dayOf = (now: number): string => {
  const d = new Date(now);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export type ChargeOutcome = { ok: true } | { ok: false; held: Held };

/**
 * The one decision to spend characters, made in the worker for every feature. Pure: state in, state
 * out, time given. A charge passes when every bucket it touches holds enough; one larger than a whole
 * bucket passes only when that bucket is full (and leaves it in debt), so a single big selection is
 * possible while a page that asks again and again is not.
 */
export class SpendingGuard {
  constructor(
    public state: GuardState,
    public day: DayTotals,
    public limits: SpendingLimits = DEFAULT_LIMITS,
  ) {}

  private fill(bucket: Bucket | undefined, cap: number, rate: number, now: number): Bucket {
    if (!bucket) return { level: cap, at: now };
    const elapsed = Math.max(0, now - bucket.at);
    return { level: Math.min(cap, bucket.level + (elapsed * rate) / MINUTE), at: now };
  }

  private allows(bucket: Bucket, cap: number, chars: number): boolean {
    return bucket.level >= chars || bucket.level >= cap;
  }

  /** Whether `input.chars` may be sent now; counts them if so, records what was held back if not. */
  charge(input: ChargeInput, now: number): ChargeOutcome {
    const { limits } = this;
    this.rollDay(now);
    const site = input.site ?? OWN_PAGES;
    const held = this.state.held[site];
    if (held && !input.credited) return { ok: false, held: this.hold(site, held.reason, input, now) };
    const minute = this.fill(this.state.minute, limits.globalPerMinute, limits.globalPerMinute, now);
    const dayCap = limits.globalPerDay * (1 + this.day.extraDays);
    let reason: HeldReason | undefined;
    let siteBucket: Bucket | undefined;
    let tabBucket: (Bucket & { site?: string }) | undefined;
    if (input.credited) {
      if (this.day.total + input.chars > dayCap && this.day.total > 0) {
        return { ok: false, held: this.hold(site, 'day', input, now) };
      }
      this.count(site, input);
      return { ok: true };
    }
    if (input.site !== undefined) {
      siteBucket = this.fill(this.state.sites[input.site], limits.burst, limits.perMinute, now);
      if (!this.allows(siteBucket, limits.burst, input.chars)) reason = 'site';
      if (input.tabId !== undefined) {
        tabBucket = this.fill(this.state.tabs[String(input.tabId)], limits.burst, limits.perMinute, now);
        if (!reason && !this.allows(tabBucket, limits.burst, input.chars)) reason = 'tab';
      }
    }
    if (!reason && !this.allows(minute, limits.globalPerMinute, input.chars)) reason = 'minute';
    if (!reason && this.day.total + input.chars > dayCap && this.day.total > 0) reason = 'day';
    if (reason) return { ok: false, held: this.hold(site, reason, input, now) };
    this.state.minute = { level: minute.level - input.chars, at: now };
    if (siteBucket && input.site !== undefined) {
      this.state.sites[input.site] = { level: siteBucket.level - input.chars, at: now };
    }
    if (tabBucket && input.tabId !== undefined) {
      this.state.tabs[String(input.tabId)] = { level: tabBucket.level - input.chars, at: now, site: input.site };
    }
    this.count(site, input);
    return { ok: true };
  }

  private count(site: string, input: ChargeInput): void {
    this.day.total += input.chars;
    const name = input.private ? PRIVATE_WINDOWS : site;
    this.day.sites[name] = (this.day.sites[name] ?? 0) + input.chars;
    this.day.features[input.feature] = (this.day.features[input.feature] ?? 0) + input.chars;
  }

  private hold(site: string, reason: HeldReason, input: ChargeInput, now: number): Held {
    const was = this.state.held[site];
    const held: Held = {
      site,
      reason: was?.reason ?? reason,
      chars: (was?.chars ?? 0) + input.chars,
      since: was?.since ?? now,
      features: was?.features.includes(input.feature) ? was.features : [...(was?.features ?? []), input.feature],
    };
    this.state.held[site] = held;
    return held;
  }

  /**
   * The person said go on for `site` (or a person's own command started work there): its buckets and
   * its tabs' are full again, the global minute too, and a daily limit that held it grants another day's worth.
   */
  grant(site: string | undefined, now: number): void {
    const name = site ?? OWN_PAGES;
    const held = this.state.held[name];
    delete this.state.held[name];
    if (held?.reason === 'day') this.day.extraDays += 1;
    if (held?.reason === 'minute' || held?.reason === 'day') this.state.minute = undefined;
    if (site === undefined) return;
    delete this.state.sites[site];
    for (const [tab, bucket] of Object.entries(this.state.tabs)) if (bucket.site === site) delete this.state.tabs[tab];
    void now;
  }

  /**
   * Characters counted by `charge` that never left (the request was dropped before it was sent): they go
   * back to the buckets they came from, up to each cap, and out of today's totals. A hold stays; a bucket
   * emptied since by `grant` or a closed tab gets nothing. A request that may have reached the service is
   * never refunded.
   */
  refund(input: ChargeInput, chargedAt: number, now: number): void {
    if (input.chars <= 0) return;
    this.rollDay(now);
    if (dayOf(chargedAt) === this.day.day) {
      const name = input.private ? PRIVATE_WINDOWS : (input.site ?? OWN_PAGES);
      const less = (n: number | undefined) => Math.max(0, (n ?? 0) - input.chars);
      this.day.total = less(this.day.total);
      this.day.sites[name] = less(this.day.sites[name]);
      this.day.features[input.feature] = less(this.day.features[input.feature]);
    }
    if (input.credited) return;
    const { limits, state } = this;
    const back = (b: Bucket, cap: number) => ({ level: Math.min(cap, b.level + input.chars), at: b.at });
    if (state.minute) state.minute = back(state.minute, limits.globalPerMinute);
    const siteBucket = input.site !== undefined ? state.sites[input.site] : undefined;
    if (siteBucket && input.site !== undefined) state.sites[input.site] = back(siteBucket, limits.burst);
    const tabBucket = input.tabId !== undefined ? state.tabs[String(input.tabId)] : undefined;
    if (tabBucket && input.tabId !== undefined)
      state.tabs[String(input.tabId)] = { ...tabBucket, ...back(tabBucket, limits.burst) };
  }

  /** A tab closed: its bucket goes (the site's stays). */
  forgetTab(tabId: number): void {
    delete this.state.tabs[String(tabId)];
  }

  /** Today's totals start afresh at midnight (local time). */
  rollDay(now: number): void {
    const today = dayOf(now);
    if (this.day.day !== today) this.day = { day: today, total: 0, sites: {}, features: {}, extraDays: 0 };
  }

  heldList(): Held[] {
    return Object.values(this.state.held).sort((a, b) => a.since - b.since);
  }
}
