import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FaultRuleInput } from '../../service/testing/control.ts';
import { codeForStatus } from './errors.ts';
import { backoffDelay, DEFAULT_RETRY_POLICY, isRetryableStatus } from './retry.ts';
import { testService } from './testing.ts';

// Any run of faults from the service, over HTTP: the client makes exactly as many requests as the
// retry policy allows (no storm), waits as the policy says, and ends with the right answer or error.
// Sleeps are recorded instead of waited, so 200 sequences take seconds.

const t = testService();

interface Fault {
  status: number;
  retryAfter?: number;
}

const fault: fc.Arbitrary<Fault> = fc.oneof(
  fc.record({ status: fc.constant(429), retryAfter: fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }) }),
  fc.record({ status: fc.constantFrom(500, 502, 503, 504, 529) }),
  fc.record({ status: fc.constantFrom(400, 403, 404, 413, 456) }),
);

const { maxAttempts, maxDelayMs } = DEFAULT_RETRY_POLICY;

/** 200 sequences of up to 7 requests over HTTP: 19 s in a loaded run, near the default 20 s limit. */
const MANY_REQUESTS_MS = 120_000;

describe('retries under arbitrary fault sequences', () => {
  it(
    'sends at most 5 requests, stops at the first answer that retrying cannot change, honours Retry-After',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fault, { maxLength: 7 }), async (faults) => {
          await t.control.reset();
          const rules: FaultRuleInput[] = faults.map((f) => ({
            path: '/v2/usage',
            status: f.status,
            ...(f.retryAfter !== undefined ? { retryAfter: f.retryAfter } : {}),
          }));
          if (rules.length > 0) await t.control.addFaults(rules);
          const sleeps: number[] = [];
          const client = t.paid({ sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 });
          const outcome = await client.getUsage().then(
            () => ({ ok: true as const }),
            (e: { code: string; status?: number }) => ({ ok: false as const, code: e.code, status: e.status }),
          );

          const stop = faults.findIndex((f) => !isRetryableStatus(f.status));
          const answered = stop === -1 ? faults.length + 1 : stop + 1;
          const expectedRequests = Math.min(answered, maxAttempts);
          const log = await t.control.requests('/v2/usage');
          expect(log).toHaveLength(expectedRequests);
          expect(log.map((r) => r.status)).toEqual([
            ...faults.slice(0, expectedRequests).map((f) => f.status),
            ...(expectedRequests > faults.length ? [200] : []),
          ]);

          const last = faults[expectedRequests - 1];
          if (last === undefined) expect(outcome).toEqual({ ok: true });
          else expect(outcome).toEqual({ ok: false, code: codeForStatus(last.status), status: last.status });

          // One wait before each retry: Retry-After when a 429 carries it, else the back-off (no jitter here).
          expect(sleeps).toHaveLength(expectedRequests - 1);
          sleeps.forEach((ms, i) => {
            const f = faults[i]!;
            const expected =
              f.status === 429 && f.retryAfter !== undefined
                ? Math.min(f.retryAfter * 1000, maxDelayMs)
                : backoffDelay(i + 1, DEFAULT_RETRY_POLICY, () => 0.5);
            // The back-off window opens when the attempt starts, so a slow answer shortens the wait.
            expect(ms).toBeLessThanOrEqual(expected);
            if (f.status === 429 && f.retryAfter !== undefined) expect(ms).toBe(expected);
          });
        }),
        { numRuns: 200 },
      );
    },
    MANY_REQUESTS_MS,
  );
});
