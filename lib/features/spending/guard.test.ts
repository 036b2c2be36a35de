import { describe, expect, it } from 'vitest';
import { DayTotals, DEFAULT_LIMITS, GuardState, SpendingGuard, type SpendingLimits } from './guard.ts';

const MIN = 60_000;
const T0 = new Date(2026, 10, 27, 10, 0, 0).getTime();

function guardWith(limits: Partial<SpendingLimits> = {}) {
  return new SpendingGuard(GuardState.parse({}), DayTotals.parse({ day: '2026-11-27' }), {
    ...DEFAULT_LIMITS,
    ...limits,
  });
}

describe('SpendingGuard', () => {
  it('lets a site spend its burst at once, then holds it back and says why', () => {
    const g = guardWith({ burst: 10_000, perMinute: 1_000 });
    expect(g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 6_000 }, T0).ok).toBe(true);
    expect(g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 4_000 }, T0).ok).toBe(true);
    const out = g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 500 }, T0);
    expect(out).toEqual({
      ok: false,
      held: { site: 'a.test', reason: 'site', chars: 500, since: T0, features: ['page'] },
    });
    // Held stays held, even once the bucket refilled: the person decides.
    const later = g.charge({ site: 'a.test', tabId: 1, feature: 'writing', chars: 10 }, T0 + 10 * MIN);
    expect(later.ok).toBe(false);
    expect(g.heldList()[0]).toMatchObject({ chars: 510, features: ['page', 'writing'] });
    expect(g.day.sites['a.test']).toBe(10_000);
  });

  it('keeps one budget for a site across tabs, documents and features', () => {
    const g = guardWith({ burst: 10_000, perMinute: 1_000 });
    expect(g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 5_000 }, T0).ok).toBe(true);
    expect(g.charge({ site: 'a.test', tabId: 2, feature: 'selection', chars: 5_000 }, T0).ok).toBe(true);
    expect(g.charge({ site: 'a.test', tabId: 3, feature: 'hover', chars: 1 }, T0).ok).toBe(false);
    // Another site is not held back by it.
    expect(g.charge({ site: 'b.test', tabId: 4, feature: 'page', chars: 5_000 }, T0).ok).toBe(true);
  });

  it('keeps a budget per tab, so a tab that moves from site to site is held too', () => {
    const g = guardWith({ burst: 10_000, perMinute: 1_000 });
    for (let i = 0; i < 3; i++) {
      expect(g.charge({ site: `s${i}.evil.test`, tabId: 7, feature: 'page', chars: 3_000 }, T0).ok).toBe(true);
    }
    const out = g.charge({ site: 's3.evil.test', tabId: 7, feature: 'page', chars: 3_000 }, T0);
    expect(out.ok === false && out.held.reason).toBe('tab');
  });

  it('refills at the rate per minute, so a steady page gets that much and no more', () => {
    const g = guardWith({ burst: 10_000, perMinute: 1_000 });
    let sent = 0;
    let heldAt = 0;
    // A page asking 500 characters every 3 s (10,000 a minute) for 10 minutes.
    for (let t = 0; t <= 10 * MIN; t += 3_000) {
      if (g.charge({ site: 'a.test', feature: 'page', chars: 500 }, T0 + t).ok) sent += 500;
      else heldAt ||= t;
    }
    // The burst, plus what refilled while it was spent; nothing after the hold.
    expect(heldAt).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan(10_000);
    expect(sent).toBeLessThanOrEqual(10_000 + (heldAt / MIN) * 1_000);
  });

  it('passes one charge larger than the whole burst only when the bucket is full, leaving it in debt', () => {
    const g = guardWith({ burst: 10_000, perMinute: 1_000 });
    expect(g.charge({ site: 'a.test', feature: 'selection', chars: 25_000 }, T0).ok).toBe(true);
    expect(g.state.sites['a.test']?.level).toBe(-15_000);
    expect(g.charge({ site: 'a.test', feature: 'selection', chars: 1 }, T0 + MIN).ok).toBe(false);
  });

  it("credits the document the person asked for: only the day's limit applies, nothing is taken from the site", () => {
    const g = guardWith({ burst: 10_000, perMinute: 1_000, globalPerMinute: 20_000, globalPerDay: 100_000 });
    for (let i = 0; i < 9; i++) {
      expect(g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 10_000, credited: true }, T0).ok).toBe(true);
    }
    // The site's own budget is untouched: a frame of the page still has its burst, and no more.
    expect(g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 10_000 }, T0).ok).toBe(true);
    expect(g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 10 }, T0).ok).toBe(false);
    g.grant('a.test', T0);
    const day = g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 20_000, credited: true }, T0);
    expect(day.ok === false && day.held.reason).toBe('day');
    expect(g.day.total).toBe(100_000);
  });

  it('grant: the person continues, the site and its tabs are full again', () => {
    const g = guardWith({ burst: 10_000, perMinute: 1_000 });
    g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 10_000 }, T0);
    expect(g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 10 }, T0).ok).toBe(false);
    g.grant('a.test', T0);
    expect(g.heldList()).toEqual([]);
    expect(g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 10_000 }, T0).ok).toBe(true);
  });

  it('holds everything past the global minute and the day, and a grant on the day gives another day', () => {
    const g = guardWith({ burst: 1_000_000, globalPerMinute: 20_000, globalPerDay: 30_000 });
    expect(g.charge({ site: 'a.test', feature: 'page', chars: 20_000 }, T0).ok).toBe(true);
    const minute = g.charge({ site: 'b.test', feature: 'page', chars: 1_000 }, T0);
    expect(minute.ok === false && minute.held.reason).toBe('minute');
    expect(g.charge({ site: 'c.test', feature: 'page', chars: 10_000 }, T0 + MIN).ok).toBe(true);
    const day = g.charge({ site: 'c.test', feature: 'page', chars: 1_000 }, T0 + 2 * MIN);
    expect(day.ok === false && day.held.reason).toBe('day');
    g.grant('c.test', T0 + 2 * MIN);
    expect(g.charge({ site: 'c.test', feature: 'page', chars: 1_000 }, T0 + 2 * MIN).ok).toBe(true);
    expect(g.day.extraDays).toBe(1);
  });

  it("counts Verso's own pages against the browser's limits only, and starts a new day at midnight", () => {
    const g = guardWith({ burst: 1_000 });
    expect(g.charge({ feature: 'popup', chars: 5_000 }, T0).ok).toBe(true);
    expect(g.day.sites.verso).toBe(5_000);
    g.rollDay(T0 + 24 * 60 * MIN);
    expect(g.day).toMatchObject({ day: '2026-11-28', total: 0, sites: {} });
  });

  it("names no site of a private window in today's totals, which are kept on disk", () => {
    const g = guardWith();
    expect(g.charge({ site: 'secret.test', tabId: 3, feature: 'page', chars: 100, private: true }, T0).ok).toBe(true);
    expect(g.day.sites).toEqual({ private: 100 });
    expect(JSON.stringify(g.day)).not.toContain('secret.test');
  });

  it('never counts text it held back, and survives a round trip through storage', () => {
    const g = guardWith({ burst: 1_000, perMinute: 100 });
    g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 1_000 }, T0);
    g.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 999 }, T0);
    const copy = new SpendingGuard(
      GuardState.parse(JSON.parse(JSON.stringify(g.state))),
      DayTotals.parse(JSON.parse(JSON.stringify(g.day))),
      g.limits,
    );
    expect(copy.day.total).toBe(1_000);
    expect(copy.charge({ site: 'a.test', tabId: 1, feature: 'page', chars: 1 }, T0 + MIN).ok).toBe(false);
  });

  it('gives back characters of a request dropped before it left: the site spends its whole burst on text sent', () => {
    const g = guardWith({ burst: 10_000, perMinute: 1_000 });
    const page = { site: 'a.test', tabId: 1, feature: 'page' as const };
    expect(g.charge({ ...page, chars: 8_000 }, T0).ok).toBe(true);
    // The page reloaded before 3,000 of them went.
    g.refund({ ...page, chars: 3_000 }, T0, T0);
    expect(g.day).toMatchObject({ total: 5_000, sites: { 'a.test': 5_000 }, features: { page: 5_000 } });
    expect(g.charge({ ...page, chars: 5_000 }, T0).ok).toBe(true);
    expect(g.charge({ ...page, chars: 1 }, T0).ok).toBe(false);
    // Given back, nothing goes over a cap or lifts a hold.
    g.refund({ ...page, chars: 50_000 }, T0, T0);
    expect(g.state.sites['a.test']?.level).toBe(10_000);
    expect(g.state.tabs['1']).toMatchObject({ level: 10_000, site: 'a.test' });
    expect(g.charge({ ...page, chars: 1 }, T0).ok).toBe(false);
    expect(g.day.total).toBe(0);
  });

  it("gives back to today's totals only what was counted today, and to no bucket a grant emptied", () => {
    const g = guardWith({ burst: 10_000, perMinute: 1_000 });
    const page = { site: 'a.test', tabId: 1, feature: 'page' as const };
    g.charge({ ...page, chars: 4_000 }, T0);
    g.grant('a.test', T0);
    g.refund({ ...page, chars: 4_000 }, T0, T0);
    expect(g.state.sites['a.test']).toBeUndefined();
    g.charge({ ...page, chars: 2_000 }, T0 + 24 * 60 * MIN);
    g.refund({ ...page, chars: 1_000 }, T0, T0 + 24 * 60 * MIN);
    expect(g.day.total).toBe(2_000);
    // A credited charge (the person's command) counts only for the day, and is given back there.
    g.charge({ ...page, chars: 500, credited: true }, T0 + 24 * 60 * MIN);
    g.refund({ ...page, chars: 500, credited: true }, T0 + 24 * 60 * MIN, T0 + 24 * 60 * MIN);
    expect(g.day.total).toBe(2_000);
  });
});
