import { afterEach, describe, expect, it } from 'vitest';
import { client } from '../testing/http.ts';
import { type RunningService, startService } from '../testing/service.ts';

let svc: RunningService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

const burst = (api: ReturnType<typeof client>, n: number) =>
  Promise.all(Array.from({ length: n }, () => api.get('/v2/usage')));

/** Stops the service's clock: the buckets refill only when the test moves it on, however slow the machine. */
function frozenClock(service: RunningService) {
  let now = Date.parse('2026-01-01T00:00:00Z');
  service.state.now = () => new Date(now);
  return {
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('rate limit', () => {
  it('lets a burst of `rate` requests through per key, then answers 429 with Retry-After', async () => {
    svc = await startService({ rateLimitPerSecond: 3 });
    frozenClock(svc);
    const replies = await burst(client(svc), 5);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = replies.find((r) => r.status === 429)!;
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body).toMatchObject({ message: expect.any(String), code: 'too_many_requests' });
    // Another key has its own bucket.
    expect((await client(svc, svc.options.freeKey).get('/v2/usage')).status).toBe(200);
  });

  it('refills over time', async () => {
    svc = await startService({ rateLimitPerSecond: 2 });
    const clock = frozenClock(svc);
    const api = client(svc);
    await burst(api, 2);
    expect((await api.get('/v2/usage')).status).toBe(429);
    // Half a second at 2 a second: one request's worth, not two.
    clock.advance(500);
    expect((await api.get('/v2/usage')).status).toBe(200);
    expect((await api.get('/v2/usage')).status).toBe(429);
  });

  it('follows the configured rate at run time (0 = off)', async () => {
    svc = await startService();
    frozenClock(svc);
    const api = client(svc);
    expect((await burst(api, 6)).every((r) => r.status === 200)).toBe(true);
    await svc.control.setConfig({ rateLimitPerSecond: 1 });
    expect((await burst(api, 3)).filter((r) => r.status === 429)).toHaveLength(2);
    await svc.control.setConfig({ rateLimitPerSecond: 0 });
    expect((await burst(api, 3)).every((r) => r.status === 200)).toBe(true);
  });

  it('leaves requests without a key to authentication', async () => {
    svc = await startService({ rateLimitPerSecond: 1 });
    const replies = await Promise.all([1, 2, 3].map(() => fetch(`${svc!.url}/v2/usage`)));
    expect(replies.map((r) => r.status)).toEqual([403, 403, 403]);
  });
});

describe('latency', () => {
  it('delays every API request by the configured time', async () => {
    svc = await startService({ latencyMs: 150 });
    const started = performance.now();
    const reply = await client(svc).get('/v3/languages/resources');
    expect(reply.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('does not delay the health check', async () => {
    // An API request waits for the whole latency; the health check, asked after it, answers first.
    svc = await startService({ latencyMs: 60_000 });
    const order: string[] = [];
    const api = fetch(`${svc.url}/v2/usage`, { headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}` } })
      .then(() => order.push('api'))
      .catch(() => order.push('api gone'));
    const health = await fetch(`${svc.url}/health`);
    order.push('health');
    expect(health.status).toBe(200);
    await svc.close();
    svc = undefined;
    await api;
    expect(order[0]).toBe('health');
  });
});
