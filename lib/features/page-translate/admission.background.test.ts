import { describe, expect, it } from 'vitest';
import { SpendingHeldError } from '../spending/background.ts';
import { type ChargeInput, DayTotals, DEFAULT_LIMITS, GuardState, SpendingGuard } from '../spending/guard.ts';
import { admitPageText } from './admission.background.ts';

// A page's request can carry the text of the document the person asked to translate beside a frame's:
// only the first is the person's. The guard is the real one, in memory.

const T0 = new Date(2026, 10, 28, 10, 0, 0).getTime();
const TOP = 'top-doc';
const FRAME = 'frame-doc';
const input = { feature: 'page' as const, site: 'a.test', tabId: 7 };

function setUp() {
  const guard = new SpendingGuard(GuardState.parse({}), DayTotals.parse({ day: '2026-11-28' }), {
    ...DEFAULT_LIMITS,
    burst: 10_000,
    perMinute: 1_000,
  });
  const charge = async (charged: ChargeInput) => {
    const outcome = guard.charge(charged, T0);
    if (!outcome.ok) throw new SpendingHeldError(outcome.held);
    return (chars: number) => guard.refund({ ...charged, chars }, T0, T0);
  };
  const part = (doc: string, n: number, chars: number) => ({ requesters: [{ tabId: 7, id: `${doc}.${n}` }], chars });
  const credited = (r: { id: string }) => r.id.startsWith(`${TOP}.`);
  const site = () => guard.state.sites['a.test']?.level;
  return { guard, charge, part, credited, site };
}

describe('admitPageText', () => {
  it('counts a frame text that goes with the asked document in one request against the site', async () => {
    const { guard, charge, part, credited, site } = setUp();
    const parts = [part(TOP, 0, 100), part(FRAME, 0, 3_000), part(FRAME, 1, 3_000)];
    const admission = await admitPageText(parts, input, credited, charge);
    expect('refunds' in admission).toBe(true);
    expect(site()).toBe(4_000);
    expect(guard.day.total).toBe(6_100);

    // The next request of frame text alone is held back at the site's budget.
    const next = await admitPageText([part(FRAME, 2, 4_001)], input, credited, charge);
    expect(next).toEqual({ refused: { code: 'held', message: expect.stringContaining('a.test') } });
  });

  it('refuses the whole request of a held site and counts nothing of it, the asked text neither', async () => {
    const { guard, charge, part, credited } = setUp();
    await admitPageText([part(FRAME, 0, 10_000)], input, credited, charge);
    await admitPageText([part(FRAME, 1, 1)], input, credited, charge);
    const before = guard.day.total;
    const admission = await admitPageText([part(TOP, 0, 100), part(FRAME, 2, 100)], input, credited, charge);
    expect('refused' in admission).toBe(true);
    expect(guard.day.total).toBe(before);
    // The asked document's text alone still goes: the person's command is not held by the site budget.
    expect('refunds' in (await admitPageText([part(TOP, 1, 100)], input, credited, charge))).toBe(true);
  });

  it('gives each part back to the charge it came from when it is dropped before it leaves', async () => {
    const { guard, charge, part, credited, site } = setUp();
    const admission = await admitPageText([part(TOP, 0, 500), part(FRAME, 0, 2_000)], input, credited, charge);
    if (!('refunds' in admission)) throw new Error('refused');
    admission.refunds?.[1]?.(2_000);
    expect(site()).toBe(10_000);
    expect(guard.day.total).toBe(500);
    admission.refunds?.[0]?.(500);
    expect(guard.day.total).toBe(0);
  });
});
