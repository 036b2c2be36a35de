import { describe, expect, it } from 'vitest';
import { nextPollDelay, POLL_MAX_MS } from './backoff.ts';

describe('status polling back-off', () => {
  it('starts at 1 s, grows by half each time and stays at 30 s', () => {
    const delays: number[] = [];
    let d: number | undefined;
    for (let i = 0; i < 12; i++) {
      d = nextPollDelay(d);
      delays.push(d);
    }
    expect(delays.slice(0, 5)).toEqual([1000, 1500, 2250, 3375, 5063]);
    expect(delays.at(-1)).toBe(POLL_MAX_MS);
    expect(delays.every((x, i) => i === 0 || x >= (delays[i - 1] ?? 0))).toBe(true);
  });
});
