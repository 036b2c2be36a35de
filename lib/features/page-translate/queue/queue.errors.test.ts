import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TranslationQueue } from './queue.ts';
import { MemoryQueueStore } from './store.ts';
import { FakeService, flush, ManualClock, Recorder, runUntilIdle, segments } from './testing.ts';
import type { QueueOptions, QueueStatus } from './types.ts';

function setUp(options: Partial<QueueOptions> = {}) {
  const clock = new ManualClock();
  const service = new FakeService(clock);
  const recorder = new Recorder();
  const store = new MemoryQueueStore();
  const statuses: QueueStatus[] = [];
  const queue = new TranslationQueue({
    send: service.send,
    deliver: recorder.deliver,
    fail: recorder.fail,
    onStatus: (s) => statuses.push(s),
    store,
    clock,
    random: () => 0.5,
    ...options,
  });
  return { clock, service, recorder, store, statuses, queue };
}

/** Each 429's answer time and the start times of all calls: no call may start inside a pause. */
function callsDuringPauses(service: FakeService, pauses: { from: number; to: number }[]): number {
  return service.calls.filter((c) => pauses.some((p) => c.at > p.from && c.at < p.to)).length;
}

describe('TranslationQueue: 429 and AIMD', () => {
  it('survives a 429 storm, with or without Retry-After: all delivered exactly once, no send while paused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
        fc.boolean(),
        fc.integer({ min: 100, max: 600 }),
        async (refusals, withRetryAfter, count) => {
          const { queue, clock, service, recorder, store, statuses } = setUp();
          const pauses: { from: number; to: number }[] = [];
          let refused = 0;
          service.respond = (_call, index) => {
            // A storm: the first 16 answers follow the pattern (even all refusals stay under the
            // default limit of 20 per segment), then the service recovers.
            if (index < refusals.length && refusals[index]) {
              refused++;
              if (withRetryAfter) pauses.push({ from: clock.now(), to: clock.now() + 2000 });
              return withRetryAfter ? { code: 'too_many_requests', retryAfterMs: 2000 } : { code: 'too_many_requests' };
            }
            return 'ok';
          };
          const statusCount = statuses.length;
          await queue.enqueue(segments(count));
          await runUntilIdle(queue, clock);
          const ids = recorder.deliveredIds();
          expect(ids).toHaveLength(count);
          expect(new Set(ids).size).toBe(count);
          expect(recorder.failed).toHaveLength(0);
          // Every send is either one of the requests the packing needs or one that was refused.
          expect(service.calls.length).toBe(Math.ceil(count / 50) + refused);
          if (!withRetryAfter) {
            for (const s of statuses.slice(statusCount)) {
              if (s.state === 'paused') pauses.push({ from: s.pausedUntil! - 1000, to: s.pausedUntil! });
            }
          }
          expect(pauses.length > 0).toBe(refused > 0);
          expect(callsDuringPauses(service, pauses)).toBe(0);
          expect(store.records.size).toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('without Retry-After backs off 1 s, 1.6 s, 2.56 s... between consecutive refusals', async () => {
    const { queue, clock, service, recorder } = setUp({ concurrency: { initial: 1, max: 1 } });
    service.respond = (_call, index) => (index < 4 ? { code: 'too_many_requests' } : 'ok');
    await queue.enqueue(segments(10));
    await runUntilIdle(queue, clock);
    const starts = service.calls.map((c) => c.at);
    const gaps = starts.slice(1).map((at, i) => at - starts[i]! - service.latencyMs);
    expect(gaps).toEqual([1000, 1600, 2560, 4096]);
    expect(recorder.deliveredIds()).toHaveLength(10);
  });

  it('halves the requests in flight once per burst of 429s, then climbs back one at a time', async () => {
    const { queue, clock, service, statuses } = setUp({ concurrency: { initial: 4, max: 4, increaseAfter: 2 } });
    service.respond = (_call, index) => (index < 4 ? { code: 'too_many_requests', retryAfterMs: 500 } : 'ok');
    await queue.enqueue(segments(1000, (i) => ({ text: `Text ${i}.` })));
    await runUntilIdle(queue, clock);
    expect(service.maxInFlight).toBe(4);
    const levels = statuses.map((s) => s.concurrency);
    // Four refusals of one burst halve once: 4 -> 2, never 1; then +1 per two successes.
    expect(Math.min(...levels)).toBe(2);
    expect(levels.at(-1)).toBe(4);
    expect(statuses.some((s) => s.state === 'paused')).toBe(true);
    expect(statuses.at(-1)?.state).toBe('running');
  });

  it('fails segments that keep getting 429 after the configured number of tries', async () => {
    const { queue, clock, service, recorder } = setUp({ maxRateLimited: 3 });
    service.respond = () => ({ code: 'too_many_requests', retryAfterMs: 10 });
    await queue.enqueue(segments(2));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(3);
    expect(recorder.failed.map((f) => f.error.code)).toEqual(['too_many_requests', 'too_many_requests']);
  });
});

describe('TranslationQueue: transient failures', () => {
  it('retries 5xx, network and timeout failures with back-off and delivers once they pass', async () => {
    const { queue, clock, service, recorder } = setUp();
    const failures = [{ code: 'server' }, { code: 'network' }, { code: 'timeout' }] as const;
    service.respond = (_call, index) => failures[index] ?? 'ok';
    await queue.enqueue(segments(3));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(4);
    const starts = service.calls.map((c) => c.at);
    expect(starts.slice(1).map((at, i) => at - starts[i]! - service.latencyMs)).toEqual([1000, 1600, 2560]);
    expect(recorder.deliveredIds()).toEqual(['1:s0', '1:s1', '1:s2']);
  });

  it('fails the segments with the error, its HTTP status kept, after 5 attempts', async () => {
    const { queue, clock, service, recorder, store } = setUp();
    const unavailable = { code: 'server', message: 'Service unavailable', status: 503 } as const;
    service.respond = (call) => (call.batch.params.target_lang === 'FR' ? unavailable : 'ok');
    await queue.enqueue([...segments(2), ...segments(2, (i) => ({ id: `fr${i}`, params: { target_lang: 'FR' } }))]);
    await runUntilIdle(queue, clock);
    expect(service.calls.filter((c) => c.batch.params.target_lang === 'FR')).toHaveLength(5);
    expect(recorder.failed.map((f) => [f.id, f.error.code])).toEqual([
      ['fr0', 'server'],
      ['fr1', 'server'],
    ]);
    // The person's message names the status, as for a selection or writing help.
    expect(recorder.failed[0]?.error).toEqual(unavailable);
    expect(recorder.deliveredIds()).toEqual(['1:s0', '1:s1']);
    expect(store.records.size).toBe(0);
  });

  it('never retries other 4xx: only that request fails', async () => {
    for (const code of ['bad_request', 'not_found', 'too_large', 'invalid_request', 'invalid_response'] as const) {
      const { queue, clock, service, recorder } = setUp();
      service.respond = (call) => (call.batch.params.target_lang === 'FR' ? { code } : 'ok');
      await queue.enqueue([...segments(2), ...segments(2, (i) => ({ id: `fr${i}`, params: { target_lang: 'FR' } }))]);
      await runUntilIdle(queue, clock);
      expect(service.calls).toHaveLength(2);
      expect(recorder.failed.map((f) => [f.id, f.error.code])).toEqual([
        ['fr0', code],
        ['fr1', code],
      ]);
      expect(recorder.deliveredIds()).toEqual(['1:s0', '1:s1']);
      expect(queue.status().state).toBe('running');
    }
  });

  it('fails a batch whose answer has the wrong number of translations', async () => {
    const { queue, clock, recorder } = setUp({ send: async () => [{ text: 'only one' }] });
    await queue.enqueue(segments(2));
    await runUntilIdle(queue, clock);
    expect(recorder.failed.map((f) => f.error.code)).toEqual(['invalid_response', 'invalid_response']);
  });
});

describe('TranslationQueue: quota and key stops', () => {
  for (const code of ['quota_exceeded', 'auth'] as const) {
    it(`${code}: fails all pending work of all tabs, refuses new work until resumed`, async () => {
      const { queue, clock, service, recorder, store, statuses } = setUp({ concurrency: { initial: 2, max: 2 } });
      service.respond = (_call, index) => (index === 0 ? { code, message: 'Quota exceeded' } : 'ok');
      service.latency = (index) => (index === 0 ? 50 : 100);
      await queue.enqueue(segments(100, (i) => ({ text: `One ${i}.` })));
      await queue.enqueue(segments(100, (i) => ({ text: `Two ${i}.` }), { tabId: 2 }));
      await runUntilIdle(queue, clock);
      // The first answer stops everything: the second request in flight is aborted, nothing else is sent.
      expect(service.calls).toHaveLength(2);
      expect(service.calls[1]!.signal.aborted).toBe(true);
      expect(recorder.delivered).toHaveLength(0);
      expect(recorder.failed).toHaveLength(200);
      expect(new Set(recorder.failed.map((f) => f.error.code))).toEqual(new Set([code]));
      expect(store.records.size).toBe(0);
      expect(queue.status()).toMatchObject({ state: 'stopped', stopError: { code } });
      expect(statuses.at(-1)?.state).toBe('stopped');

      await queue.enqueue(segments(1, () => ({ id: 'late' }), { tabId: 3 }));
      await runUntilIdle(queue, clock);
      expect(service.calls).toHaveLength(2);
      expect(recorder.failed.at(-1)).toMatchObject({ tabId: 3, id: 'late', error: { code } });

      queue.resume();
      expect(queue.status().state).toBe('running');
      await queue.enqueue(segments(1, () => ({ id: 'again' }), { tabId: 3 }));
      await runUntilIdle(queue, clock);
      expect(recorder.deliveredIds()).toEqual(['3:again']);
    });
  }

  it('fails work whose cache look-up was under way when the stop came', async () => {
    const { queue, clock, service, recorder } = setUp({
      cache: { getMany: async (inputs) => inputs.map(() => undefined), setMany: async () => {} },
    });
    service.respond = () => ({ code: 'quota_exceeded' });
    await queue.enqueue(segments(1));
    clock.fireNext();
    await flush();
    const late = queue.enqueue(segments(1, () => ({ id: 'late', text: 'Late.' })));
    await runUntilIdle(queue, clock);
    await late;
    expect(recorder.failed.map((f) => f.id).sort()).toEqual(['late', 's0']);
  });
});
