import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter, resolveRetryPolicy } from './retry.ts';

const noJitter = () => 0.5;

describe('backoffDelay', () => {
  it('starts at 1 s and grows by 1.6 per retry', () => {
    const delays = [1, 2, 3, 4].map((n) => backoffDelay(n, DEFAULT_RETRY_POLICY, noJitter));
    expect(delays[0]).toBeCloseTo(1000);
    expect(delays[1]).toBeCloseTo(1600);
    expect(delays[2]).toBeCloseTo(2560);
    expect(delays[3]).toBeCloseTo(4096);
  });

  it('jitters by at most 23 % either way', () => {
    expect(backoffDelay(1, DEFAULT_RETRY_POLICY, () => 0)).toBeCloseTo(770);
    expect(backoffDelay(1, DEFAULT_RETRY_POLICY, () => 0.999999)).toBeCloseTo(1230, 0);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(3, DEFAULT_RETRY_POLICY, Math.random);
      expect(Number.isInteger(d)).toBe(true);
      expect(d).toBeGreaterThanOrEqual(Math.round(2560 * 0.77));
      expect(d).toBeLessThanOrEqual(Math.round(2560 * 1.23));
    }
  });

  it('never waits more than 120 s, jitter included', () => {
    expect(backoffDelay(30, DEFAULT_RETRY_POLICY, noJitter)).toBe(120_000);
    expect(backoffDelay(30, DEFAULT_RETRY_POLICY, () => 0.999)).toBe(120_000);
    expect(backoffDelay(30, DEFAULT_RETRY_POLICY, () => 0)).toBe(120_000 * 0.77);
  });
});

describe('isRetryableStatus', () => {
  it('retries 429 and 5xx (529 too), never other 4xx', () => {
    for (const s of [429, 500, 502, 503, 504, 529]) expect(isRetryableStatus(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 413, 414, 456, 200]) expect(isRetryableStatus(s)).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(' 0 ', 0)).toBe(0);
    expect(parseRetryAfter('1.5', 0)).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter('-5', 0)).toBeUndefined();
  });
});

describe('resolveRetryPolicy', () => {
  it('false means a single attempt; overrides merge with the defaults', () => {
    expect(resolveRetryPolicy(false).maxAttempts).toBe(1);
    expect(resolveRetryPolicy({ maxAttempts: 2 })).toEqual({ ...DEFAULT_RETRY_POLICY, maxAttempts: 2 });
    expect(resolveRetryPolicy({ maxAttempts: 0 }).maxAttempts).toBe(1);
  });
});
