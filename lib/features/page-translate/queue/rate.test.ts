import { describe, expect, it } from 'vitest';
import { RateControl } from './rate.ts';

describe('RateControl', () => {
  const setUp = () => {
    let time = 0;
    const control = new RateControl(
      { initial: 4, max: 6, increaseAfter: 3 },
      () => time,
      () => 0.5,
    );
    return { control, advance: (ms: number) => (time += ms) };
  };

  it('halves once per burst of 429s and pauses for Retry-After', () => {
    const { control } = setUp();
    const burst = [control.ticket(), control.ticket(), control.ticket(), control.ticket()];
    for (const ticket of burst) control.onRateLimited(ticket, 3000);
    expect(control.concurrency).toBe(2);
    expect(control.pauseRemaining()).toBe(3000);
    // A request sent after the decrease that is refused again halves again, down to 1 and no lower.
    control.onRateLimited(control.ticket(), undefined);
    control.onRateLimited(control.ticket(), undefined);
    expect(control.concurrency).toBe(1);
  });

  it('backs off exponentially over consecutive 429s without Retry-After', () => {
    const { control, advance } = setUp();
    const pauses: number[] = [];
    for (let i = 0; i < 4; i++) {
      control.onRateLimited(control.ticket(), undefined);
      pauses.push(control.pauseRemaining());
      advance(control.pauseRemaining());
    }
    expect(pauses).toEqual([1000, 1600, 2560, 4096]);
    control.onSuccess();
    control.onRateLimited(control.ticket(), undefined);
    expect(control.pauseRemaining()).toBe(1000);
  });

  it('adds one slot after each run of successes, up to the cap', () => {
    const { control } = setUp();
    control.onRateLimited(control.ticket(), 0);
    expect(control.concurrency).toBe(2);
    for (let i = 0; i < 30; i++) control.onSuccess();
    expect(control.concurrency).toBe(6);
  });

  it('doubles the limit each round while work waits, until the first 429, then grows by one per run', () => {
    let time = 0;
    const control = new RateControl(
      { initial: 4, max: 12, increaseAfter: 3 },
      () => time,
      () => 0.5,
    );
    // A success with nothing waiting says nothing about the limit.
    control.onSuccess(false);
    expect(control.concurrency).toBe(4);
    // A round of four answers with work waiting: four more places.
    for (let i = 0; i < 4; i++) control.onSuccess(true);
    expect(control.concurrency).toBe(8);
    for (let i = 0; i < 8; i++) control.onSuccess(true);
    expect(control.concurrency).toBe(12);
    // The first 429 halves it, and growth is additive from then on.
    control.onRateLimited(control.ticket(), 1000);
    expect(control.concurrency).toBe(6);
    time += 1000;
    for (let i = 0; i < 3; i++) control.onSuccess(true);
    expect(control.concurrency).toBe(7);
    // From then on every success counts, work waiting or not: a halved limit comes back in quiet times.
    for (let i = 0; i < 3; i++) control.onSuccess(false);
    expect(control.concurrency).toBe(8);
  });
});
