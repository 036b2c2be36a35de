import { describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { isAuthError } from './errors.ts';
import { isApiError, isQuotaExceeded, testService } from './testing.ts';
import type { RetryEvent } from './transport.ts';

const t = testService();

const hello = { text: ['Hello'], target_lang: 'de' };

describe('retries over HTTP', () => {
  it('retries 429 after Retry-After and succeeds; the log shows every attempt', async () => {
    await t.control.addFaults([{ path: '/v2/translate', status: 429, retryAfter: 0, count: 2 }]);
    const retries: RetryEvent[] = [];
    const result = await t.paid({ onRetry: (e) => retries.push(e) }).translate(hello);
    expect(result).toHaveLength(1);
    const log = await t.control.requests('/v2/translate');
    expect(log.map((r) => r.status)).toEqual([429, 429, 200]);
    expect(retries.map((r) => [r.status, r.retryAfterMs, r.error.code])).toEqual([
      [429, 0, 'too_many_requests'],
      [429, 0, 'too_many_requests'],
    ]);
  });

  it("rides out the service's rate limit by honouring Retry-After", async () => {
    await t.control.setConfig({ rateLimitPerSecond: 2 });
    const client = t.paid();
    const results = await Promise.all(Array.from({ length: 4 }, () => client.getUsage()));
    expect(results).toHaveLength(4);
    const statuses = (await t.control.requests('/v2/usage')).map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
  });

  it('hands a 429 to the caller when retries are off, with Retry-After', async () => {
    await t.control.addFaults([{ path: '/v2/translate', status: 429, retryAfter: 3 }]);
    const e = await t
      .paid({ retry: false })
      .translate(hello)
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'too_many_requests', status: 429, retryAfterMs: 3000 });
    expect(await t.control.requests('/v2/translate')).toHaveLength(1);
  });

  it('retries a 503 after back-off and succeeds', async () => {
    await t.control.addFaults([{ path: '/v2/usage', status: 503 }]);
    const started = Date.now();
    const usage = await t.paid().getUsage();
    expect(usage.character_count).toBe(0);
    expect((await t.control.requests('/v2/usage')).map((r) => r.status)).toEqual([503, 200]);
    // The first back-off is 1 s +-23 %.
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  it('gives up after 5 attempts on a persistent 500 with a non-JSON body', async () => {
    await t.control.addFaults([{ path: '/v2/usage', status: 500, body: 'upstream exploded', count: 10 }]);
    const e = await t
      .paid({ retry: { initialDelayMs: 10 } })
      .getUsage()
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'server', status: 500, detail: 'upstream exploded' });
    expect(await t.control.requests('/v2/usage')).toHaveLength(5);
  });

  it('times out a hung request after the per-attempt timeout', async () => {
    await t.control.addFaults([{ path: '/v2/usage', hang: true }]);
    const started = Date.now();
    await expect(t.paid({ retry: false, timeoutMs: 5000 }).getUsage()).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  });

  it('cancels through the caller signal', async () => {
    await t.control.addFaults([{ path: '/v2/usage', delayMs: 3000 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(t.paid().getUsage({ signal: controller.signal })).rejects.toMatchObject({ code: 'aborted' });
  });

  it('reports an unreachable server as a network error', async () => {
    const client = new ApiClient({ apiKey: 'k', serverUrl: 'http://127.0.0.1:9', retry: false });
    await expect(client.getUsage()).rejects.toMatchObject({ code: 'network' });
  });
});

describe('errors over HTTP', () => {
  it('maps 413 from the service', async () => {
    await t.control.addFaults([{ path: '/v2/translate', status: 413 }]);
    await expect(t.paid().translate(hello)).rejects.toMatchObject({ code: 'too_large', status: 413 });
  });

  it('maps 404 for an unknown id', async () => {
    await expect(t.paid().getGlossary('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });

  it('gets 403 for an unknown key and for a normal key on admin endpoints', async () => {
    await expect(t.client('not-a-key').getUsage()).rejects.toMatchObject({ code: 'auth', status: 403 });
    await expect(t.paid().listDeveloperKeys()).rejects.toMatchObject({ code: 'auth', status: 403 });
  });

  it('never sends the key anywhere but the Authorization header', async () => {
    const key = t.svc.options.paidKey;
    const client = t.paid();
    await client.getUsage();
    await client.getLanguages('translate_text', { includeBeta: true });
    await client.translate(hello);
    await client.listGlossaries();
    for (const r of await t.control.requests()) {
      expect(r.headers.authorization).toBe(`****${key.slice(-4)}`);
      const rest = JSON.stringify({ ...r, headers: { ...r.headers, authorization: '' } });
      expect(rest).not.toContain(key);
      expect(rest).not.toContain(key.slice(-12));
      expect(Object.keys(r.query)).not.toContain('auth_key');
    }
  });

  it('gets 456 once the key limit is 0, and does not retry it', async () => {
    const [seeded] = (await t.admin().listDeveloperKeys()).filter((k) => k.label === 'Verso default key');
    expect(seeded).toBeDefined();
    await t.admin().setDeveloperKeyLimits(seeded?.key_id ?? '', { characters: 0 });
    await t.control.clearRequests();
    const e = await t
      .paid()
      .translate(hello)
      .catch((x: unknown) => x);
    expect(isQuotaExceeded(e)).toBe(true);
    expect(e).toMatchObject({ status: 456 });
    expect(await t.control.requests('/v2/translate')).toHaveLength(1);
    // The plain-object form (after messaging) still answers the predicate.
    expect(isQuotaExceeded(JSON.parse(JSON.stringify(e)))).toBe(true);
  });

  it('gets 403 with a deactivated key, at once', async () => {
    const admin = t.admin();
    const created = await admin.createDeveloperKey({ label: 'temporary' });
    expect(created.key).toBeDefined();
    const client = t.client(created.key ?? '');
    await expect(client.getUsage()).resolves.toMatchObject({ character_count: 0 });
    await admin.deactivateDeveloperKey(created.key_id);
    const e = await client.getUsage().catch((x: unknown) => x);
    expect(isAuthError(e)).toBe(true);
    expect(isApiError(e)).toBe(true);
    expect(e).toMatchObject({ status: 403 });
  });

  it('text improvement on the free tier is 403', async () => {
    await expect(t.free().rephrase({ text: ['Hello'], target_lang: 'en-US' })).rejects.toMatchObject({
      code: 'auth',
      status: 403,
    });
  });
});
