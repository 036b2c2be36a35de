import { describe, expect, it } from 'vitest';
import { client } from '../testing/http.ts';
import { startService } from '../testing/service.ts';
import { serviceForTests } from '../testing/vitest.ts';
import { CLIENT_CLOSED } from './control.ts';

const svc = serviceForTests();
const api = client(svc);

const log = (path = '') => svc.control.requests(path);

/** Reads until `done` holds; the test's time limit, not a clock here, bounds the wait. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('fault rules', () => {
  it('answers with the status, Retry-After and raw body, for `count` requests', async () => {
    await svc.control.addFaults([{ path: '/v2/usage', status: 503, retryAfter: 7, body: 'upstream down', count: 2 }]);
    for (let i = 0; i < 2; i++) {
      const reply = await api.get('/v2/usage');
      expect(reply.status).toBe(503);
      expect(reply.headers.get('retry-after')).toBe('7');
      expect(reply.text).toBe('upstream down');
      expect(reply.headers.get('content-type')).toContain('text/plain');
      expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await api.get('/v2/usage')).status).toBe(200);
  });

  it('sends a JSON error body by default and matches any API path without `path`', async () => {
    await svc.control.addFaults([{ status: 500 }]);
    const reply = await api.get('/v3/languages?resource=glossary');
    expect(reply.status).toBe(500);
    expect(reply.body).toMatchObject({ message: expect.any(String), code: 'injected_fault' });
  });

  it('matches the method and the path prefix', async () => {
    await svc.control.addFaults([{ path: '/v2/translate', method: 'get', status: 502 }]);
    const post = await api.json('/v2/translate', { text: ['hi'], target_lang: 'de' });
    expect(post.status).toBe(200);
    expect(await svc.control.faults()).toHaveLength(1);
    await svc.control.clearFaults();
    expect(await svc.control.faults()).toEqual([]);
  });

  it('delays a request that then succeeds', async () => {
    await svc.control.addFaults([{ path: '/v2/usage', delayMs: 200 }]);
    const started = performance.now();
    const reply = await api.get('/v2/usage');
    expect(reply.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('hangs until the client gives up, and logs that', async () => {
    await svc.control.addFaults([{ path: '/v2/usage', hang: true }]);
    const abort = new AbortController();
    const pending = fetch(`${svc.url}/v2/usage`, {
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}` },
      signal: abort.signal,
    });
    const during = await waitFor(
      () => log('/v2/usage'),
      (entries) => entries.length === 1,
    );
    expect(during[0]!.status).toBeNull();
    abort.abort();
    await expect(pending).rejects.toThrow();
    const after = await waitFor(
      () => log('/v2/usage'),
      (entries) => entries[0]?.status !== null,
    );
    expect(after[0]!.status).toBe(CLIENT_CLOSED);
  });

  it('lets the server close while a request hangs', async () => {
    const other = await startService();
    await other.control.addFaults([{ hang: true }]);
    const pending = fetch(`${other.url}/v2/usage`, {
      headers: { Authorization: `Service-Auth-Key ${other.options.paidKey}` },
    }).catch((e: unknown) => e);
    await waitFor(
      () => other.control.requests(),
      (entries) => entries.length === 1,
    );
    // A hanging request never ends by itself: close() returning at all shows it did not wait for it.
    await other.close();
    expect(await pending).toBeInstanceOf(Error);
  });

  it('holds requests until released, then lets them go on; a held request whose client gives up is logged', async () => {
    await svc.control.addFaults([{ path: '/v2/usage', hold: true, count: 3 }]);
    const abort = new AbortController();
    const gone = fetch(`${svc.url}/v2/usage`, {
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}` },
      signal: abort.signal,
    }).catch((e: unknown) => e);
    const first = api.get('/v2/usage');
    const second = api.get('/v2/usage');
    const held = () => svc.control.held();
    expect(await waitFor(held, (n) => n === 3)).toBe(3);
    // None answered while held.
    expect((await log('/v2/usage')).map((e) => e.status)).toEqual([null, null, null]);

    abort.abort();
    expect(await gone).toBeInstanceOf(Error);
    expect(await waitFor(held, (n) => n === 2)).toBe(2);
    expect(await svc.control.release()).toBe(2);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    const statuses = await waitFor(
      async () => (await log('/v2/usage')).map((e) => e.status),
      (s) => !s.includes(null),
    );
    expect(statuses.sort()).toEqual([200, 200, CLIENT_CLOSED]);
    // The rule was used up: the next request is answered at once.
    expect((await api.get('/v2/usage')).status).toBe(200);
    expect(await held()).toBe(0);
  });

  it("answers a released request with the rule's status; a reset releases what is held", async () => {
    await svc.control.addFaults([{ path: '/v2/usage', hold: true, status: 503, count: 2 }]);
    const held = () => svc.control.held();
    const one = api.get('/v2/usage');
    await waitFor(held, (n) => n === 1);
    expect(await svc.control.release()).toBe(1);
    expect((await one).status).toBe(503);
    const two = api.get('/v2/usage');
    await waitFor(held, (n) => n === 1);
    await svc.control.reset();
    expect((await two).status).toBe(503);
    expect(await held()).toBe(0);
  });

  it('injects markup into the next translation only', async () => {
    await svc.control.addFaults([{ path: '/v2/translate', inject: '<b>!</b>' }]);
    const first = await api.json('/v2/translate', { text: ['a', 'b'], target_lang: 'de', source_lang: 'en' });
    expect(first.body).toMatchObject({ translations: [{ text: '<b>!</b>Ä' }, { text: '<b>!</b>B' }] });
    const second = await api.json('/v2/translate', { text: ['a'], target_lang: 'de', source_lang: 'en' });
    expect(second.body).toMatchObject({ translations: [{ text: 'Ä' }] });
  });

  it('keeps an inject rule armed when the translation fails', async () => {
    await svc.control.addFaults([{ inject: 'X' }]);
    expect((await api.json('/v2/translate', { text: ['a'] })).status).toBe(400);
    const ok = await api.json('/v2/translate', { text: ['a'], target_lang: 'de', source_lang: 'en' });
    expect(ok.body).toMatchObject({ translations: [{ text: 'XÄ' }] });
  });

  it('hands documentError and inject to the routes that ask', async () => {
    await svc.control.addFaults([
      { documentError: 'Corrupt file', count: 1 },
      { path: '/v2/document', inject: '<i/>' },
    ]);
    // Payload rules never shape the answer themselves.
    expect((await api.get('/v2/usage')).status).toBe(200);
    expect(svc.state.control.takeInjection('/v2/translate')).toBeUndefined();
    expect(svc.state.control.takeDocumentError()).toBe('Corrupt file');
    expect(svc.state.control.takeDocumentError()).toBeUndefined();
    expect(svc.state.control.takeInjection('/v2/document')).toBe('<i/>');
  });

  it('hands resultName to the result download it matches', async () => {
    await svc.control.addFaults([{ path: '/v2/document/ABC/result', resultName: 'evil.exe' }]);
    expect((await api.get('/v2/usage')).status).toBe(200);
    expect(svc.state.control.takeResultName('/v2/document/XYZ/result')).toBeUndefined();
    expect(svc.state.control.takeResultName('/v2/document/ABC/result')).toBe('evil.exe');
    expect(svc.state.control.takeResultName('/v2/document/ABC/result')).toBeUndefined();
  });

  it('rejects malformed rules', async () => {
    expect((await svc.control.send('POST', 'faults', { rules: [{ status: 'x' }] })).status).toBe(400);
    expect((await svc.control.send('POST', 'faults', { rules: [{ staus: 500 }] })).status).toBe(400);
    expect((await svc.control.send('POST', 'faults', { nope: 1 })).status).toBe(400);
    await expect(svc.control.addFaults([{ status: 99 }])).rejects.toMatchObject({ name: 'ControlError', status: 400 });
  });
});

describe('request log', () => {
  it('records method, path, query, masked authorization and the parsed JSON body', async () => {
    await api.json('/v2/translate', { text: ['hello'], target_lang: 'de' }, { 'X-Service-Reporting-Tag': 'tag1' });
    const [entry] = await log('/v2/translate');
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/v2/translate',
      query: {},
      body: { text: ['hello'], target_lang: 'de' },
      status: 200,
    });
    expect(entry!.headers.authorization).toBe(`****${svc.options.paidKey.slice(-4)}`);
    expect(entry!.headers['x-service-reporting-tag']).toBe('tag1');
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(entry)).not.toContain(svc.options.paidKey);
  });

  it('parses form bodies and leaves the body to the route', async () => {
    const reply = await api.form('/v2/translate', [
      ['text', 'one'],
      ['text', 'two'],
      ['target_lang', 'fr'],
      ['source_lang', 'en'],
    ]);
    expect(reply.body).toMatchObject({ translations: [{ text: 'Ôné' }, { text: 'Twô' }] });
    const [entry] = await log('/v2/translate');
    expect(entry!.body).toEqual({ text: ['one', 'two'], target_lang: 'fr', source_lang: 'en' });
  });

  it('logs null for multipart and empty bodies, and the query', async () => {
    const form = new FormData();
    form.set('target_lang', 'de');
    await fetch(`${svc.url}/v2/translate`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}` },
      body: form,
    });
    await api.get('/v3/languages?resource=write&include=beta&include=external');
    const entries = await log();
    expect(entries[0]!.body).toBeNull();
    expect(entries[1]).toMatchObject({ body: null, query: { resource: 'write', include: ['beta', 'external'] } });
  });

  it('records the final status of errors from routes and middleware', async () => {
    await api.json('/v2/translate', { text: ['x'], target_lang: 'xx' });
    await fetch(`${svc.url}/v2/usage`);
    await client(svc, svc.options.freeKey).json('/v2/write/correct', { text: ['x'] });
    await api.get('/v2/nothing-here');
    expect((await log()).map((e) => [e.path, e.status])).toEqual([
      ['/v2/translate', 400],
      ['/v2/usage', 403],
      ['/v2/write/correct', 403],
      ['/v2/nothing-here', 404],
    ]);
  });

  it('keeps arrival order, filters by path prefix and can be cleared', async () => {
    await api.get('/v2/usage');
    await api.get('/v3/languages/resources');
    await api.get('/v2/languages');
    expect((await log()).map((e) => e.id)).toEqual([...(await log()).map((e) => e.id)].sort((a, b) => a - b));
    expect((await log('/v2/')).map((e) => e.path)).toEqual(['/v2/usage', '/v2/languages']);
    await svc.control.clearRequests();
    expect(await log()).toEqual([]);
  });

  it('does not log control calls or the health check', async () => {
    await fetch(`${svc.url}/health`);
    await svc.control.faults();
    expect(await log()).toEqual([]);
  });
});

describe('config and reset', () => {
  it('patches latency and rate limit at run time and reset restores them', async () => {
    const patched = await svc.control.setConfig({ latencyMs: 120, rateLimitPerSecond: 5 });
    expect(patched).toMatchObject({ latencyMs: 120, rateLimitPerSecond: 5 });
    const started = performance.now();
    await api.get('/v2/usage');
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    await svc.control.reset();
    expect(await svc.control.config()).toEqual({
      latencyMs: 0,
      rateLimitPerSecond: 0,
      documentStepMs: svc.options.documentStepMs,
    });
  });

  it('rejects unknown or negative config values', async () => {
    await expect(svc.control.setConfig({ latencyMs: -1 })).rejects.toMatchObject({ status: 400 });
    expect((await svc.control.send('PATCH', 'config', { speed: 1 })).status).toBe(400);
  });

  it('brings usage, faults and log back to the seed', async () => {
    await api.json('/v2/translate', { text: ['hello'], target_lang: 'de' });
    await svc.control.addFaults([{ status: 500, path: '/v2/nowhere' }]);
    expect(svc.state.usage.records.length).toBe(1);
    await svc.control.reset();
    expect(svc.state.usage.records).toEqual([]);
    expect(await svc.control.faults()).toEqual([]);
    expect(await log()).toEqual([]);
  });
});

describe('languages', () => {
  const langs = async (query: string) =>
    (await api.get(`/v3/languages?${query}`)).body as Array<{ lang: string; status: string; features: object }>;

  it('adds a language and a feature, visible in /v3/languages until reset', async () => {
    const added = await svc.control.changeLanguage({ resource: 'translate_text', lang: 'ga', name: 'Irish' });
    expect(added).toMatchObject({ lang: 'ga', name: 'Irish' });
    await svc.control.changeLanguage({
      resource: 'translate_text',
      lang: 'sv',
      feature: 'formality',
      status: 'stable',
    });
    const list = await langs('resource=translate_text');
    expect(list.find((l) => l.lang === 'ga')).toMatchObject({ status: 'stable' });
    expect(list.find((l) => l.lang === 'sv')?.features).toHaveProperty('formality');
    const translated = await api.json('/v2/translate', { text: ['you'], target_lang: 'ga', source_lang: 'en' });
    expect(translated.status).toBe(200);
    await svc.control.reset();
    expect((await langs('resource=translate_text')).find((l) => l.lang === 'ga')).toBeUndefined();
  });

  it('refuses a feature for a missing language and malformed input', async () => {
    await expect(svc.control.changeLanguage({ resource: 'glossary', lang: 'xx', feature: 'y' })).rejects.toMatchObject({
      status: 404,
    });
    expect((await svc.control.send('POST', 'languages', { resource: 'nope', lang: 'xx' })).status).toBe(400);
    await expect(svc.control.changeLanguage({ resource: 'write', lang: 'not a code' })).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('outside test mode', () => {
  it('has no control API, and API requests still work', async () => {
    const plain = await startService({ testMode: false });
    try {
      await expect(plain.control.reset()).rejects.toMatchObject({ status: 404 });
      expect((await client(plain).get('/v2/usage')).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
