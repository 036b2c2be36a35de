import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { abortableSleep, type FetchLike, type RetryEvent, Transport, type TransportOptions } from './transport.ts';

type Step = Response | Error | 'hang' | ((init: RequestInit) => Response);

/** A transport whose fetch, clock, sleep and timers are all under the test's control. */
function harness(steps: Step[], options: Omit<TransportOptions, 'fetch' | 'now' | 'sleep' | 'startTimer'> = {}) {
  let clock = 0;
  const sleeps: number[] = [];
  const timers: number[] = [];
  const retries: RetryEvent[] = [];
  const calls: RequestInit[] = [];
  let pendingTimeouts: Array<() => void> = [];
  const fetch: FetchLike = async (_url, init) => {
    calls.push(init);
    const step = steps.shift();
    if (step === undefined) throw new Error('no more scripted responses');
    if (step instanceof Error) throw step;
    if (step === 'hang') {
      // The server never answers: let the attempt's timer fire.
      queueMicrotask(() => {
        for (const fire of pendingTimeouts) fire();
      });
      return new Promise<Response>(() => {});
    }
    return typeof step === 'function' ? step(init) : step;
  };
  const transport = new Transport({
    fetch,
    now: () => clock,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new ApiError({ code: 'aborted', message: 'aborted' });
      sleeps.push(ms);
      clock += ms;
    },
    startTimer: (ms, onTimeout) => {
      timers.push(ms);
      pendingTimeouts.push(onTimeout);
      return () => {
        pendingTimeouts = pendingTimeouts.filter((f) => f !== onTimeout);
      };
    },
    random: () => 0.5,
    onRetry: (e) => retries.push(e),
    ...options,
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  return { transport, sleeps, timers, retries, calls, advance };
}

const status = (code: number, body = '', headers: Record<string, string> = {}) =>
  new Response(code === 204 ? null : body, { status: code, headers });
const req = { method: 'GET' as const, url: 'https://x.example/v2/usage' };

describe('Transport retry policy', () => {
  it('returns the first success without waiting', async () => {
    const h = harness([status(200, '{}')]);
    const res = await h.transport.send(req);
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode(res.bytes)).toBe('{}');
    expect(h.sleeps).toEqual([]);
  });

  it('retries 5xx with back-off 1 s, 1.6 s, ... and reports each retry', async () => {
    const h = harness([status(503), status(500), status(529), status(200, 'ok')]);
    const res = await h.transport.send(req);
    expect(res.status).toBe(200);
    expect(h.calls).toHaveLength(4);
    expect(h.sleeps.map(Math.round)).toEqual([1000, 1600, 2560]);
    expect(h.retries.map((r) => [r.attempt, r.status, r.error.code])).toEqual([
      [1, 503, 'server'],
      [2, 500, 'server'],
      [3, 529, 'too_many_requests'],
    ]);
  });

  it('gives up after 5 attempts and hands back the last response', async () => {
    const h = harness([502, 502, 502, 502, 504].map((s) => status(s)));
    const res = await h.transport.send(req);
    expect(res.status).toBe(504);
    expect(h.calls).toHaveLength(5);
    expect(h.sleeps.map(Math.round)).toEqual([1000, 1600, 2560, 4096]);
  });

  it('honours Retry-After seconds on 429', async () => {
    const h = harness([status(429, '', { 'Retry-After': '7' }), status(200)]);
    await h.transport.send(req);
    expect(h.sleeps).toEqual([7000]);
    expect(h.retries[0]).toMatchObject({ status: 429, retryAfterMs: 7000, delayMs: 7000 });
    expect(h.retries[0]?.error.code).toBe('too_many_requests');
  });

  it('honours Retry-After on 529, the other too-many-requests status of the reference API', async () => {
    const h = harness([status(529, '', { 'Retry-After': '3' }), status(200)]);
    await h.transport.send(req);
    expect(h.sleeps).toEqual([3000]);
    expect(h.retries[0]).toMatchObject({ status: 529, retryAfterMs: 3000 });
    expect(h.retries[0]?.error.code).toBe('too_many_requests');
  });

  it('backs off on 429 without Retry-After', async () => {
    const h = harness([status(429), status(200)]);
    await h.transport.send(req);
    expect(h.sleeps).toEqual([1000]);
  });

  it('caps a long Retry-After at 120 s', async () => {
    const h = harness([status(429, '', { 'Retry-After': '3600' }), status(200)]);
    await h.transport.send(req);
    expect(h.sleeps).toEqual([120_000]);
  });

  it.each([400, 401, 403, 404, 413, 414, 456])('never retries %i', async (code) => {
    const h = harness([status(code, '{"message":"no"}'), status(200)]);
    const res = await h.transport.send(req);
    expect(res.status).toBe(code);
    expect(h.calls).toHaveLength(1);
    expect(h.retries).toEqual([]);
  });

  it('counts the time the failed attempt took against the back-off', async () => {
    const slow = () => {
      h.advance(700);
      return status(500);
    };
    const h = harness([slow, status(200)]);
    await h.transport.send(req);
    expect(h.sleeps.map(Math.round)).toEqual([300]);
  });

  it('retries network failures and reports them', async () => {
    const h = harness([new TypeError('fetch failed'), status(200)]);
    const res = await h.transport.send(req);
    expect(res.status).toBe(200);
    expect(h.retries[0]?.error).toMatchObject({ code: 'network', detail: 'fetch failed' });
    expect(h.retries[0]?.status).toBeUndefined();
  });

  it('throws a network ApiError once attempts run out', async () => {
    const h = harness(Array.from({ length: 5 }, () => new TypeError('ECONNREFUSED')));
    const error = await h.transport.send(req).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'network' });
    expect(h.calls).toHaveLength(5);
  });

  it('does not retry when retries are disabled', async () => {
    const h = harness([status(503), status(200)], { retry: false });
    expect((await h.transport.send(req)).status).toBe(503);
    expect(h.calls).toHaveLength(1);
  });

  it('takes overrides of the policy', async () => {
    const h = harness([status(503), status(503), status(200)], { retry: { maxAttempts: 2, initialDelayMs: 10 } });
    expect((await h.transport.send(req)).status).toBe(503);
    expect(h.sleeps).toEqual([10]);
  });
});

describe('Transport timeout', () => {
  it('uses 15 s per attempt by default and never less than 5 s', () => {
    expect(new Transport().timeoutMs).toBe(15_000);
    expect(new Transport({ timeoutMs: 1000 }).timeoutMs).toBe(5000);
    expect(new Transport({ timeoutMs: 30_000 }).timeoutMs).toBe(30_000);
  });

  it('times an attempt out and retries it', async () => {
    const h = harness(['hang', status(200)]);
    const res = await h.transport.send(req);
    expect(res.status).toBe(200);
    expect(h.timers).toEqual([15_000, 15_000]);
    expect(h.retries[0]?.error.code).toBe('timeout');
    // The hung attempt's fetch was told to stop.
    expect(h.calls[0]?.signal?.aborted).toBe(true);
  });

  it('reports a timeout when retries are off', async () => {
    const h = harness(['hang'], { retry: false, timeoutMs: 6000 });
    await expect(h.transport.send(req)).rejects.toMatchObject({ code: 'timeout', name: 'ApiError' });
    expect(h.timers).toEqual([6000]);
  });
});

describe('Transport cancellation', () => {
  it('does not send when the signal is already aborted', async () => {
    const h = harness([status(200)]);
    const controller = new AbortController();
    controller.abort();
    await expect(h.transport.send(req, controller.signal)).rejects.toMatchObject({ code: 'aborted' });
    expect(h.calls).toHaveLength(0);
  });

  it('stops a running attempt and never retries it', async () => {
    const controller = new AbortController();
    const h = harness([
      (init) => {
        queueMicrotask(() => controller.abort());
        return new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ) as unknown as Response;
      },
      status(200),
    ]);
    await expect(h.transport.send(req, controller.signal)).rejects.toMatchObject({ code: 'aborted' });
    expect(h.calls).toHaveLength(1);
    expect(h.retries).toEqual([]);
  });

  it('stops while waiting between attempts', async () => {
    const controller = new AbortController();
    const h = harness([status(503), status(200)], {
      onRetry: () => controller.abort(),
    });
    await expect(h.transport.send(req, controller.signal)).rejects.toMatchObject({ code: 'aborted' });
    expect(h.calls).toHaveLength(1);
  });
});

describe('Transport request', () => {
  it('passes method, headers and body through unchanged', async () => {
    const h = harness([status(200)]);
    await h.transport.send({ method: 'POST', url: 'https://x.example/v2/translate', headers: { A: 'b' }, body: '{}' });
    expect(h.calls[0]).toMatchObject({ method: 'POST', headers: { A: 'b' }, body: '{}' });
  });
});

describe('abortableSleep', () => {
  it('waits, and rejects as aborted when cancelled', async () => {
    const started = Date.now();
    await abortableSleep(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const controller = new AbortController();
    const pending = abortableSleep(60_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});
