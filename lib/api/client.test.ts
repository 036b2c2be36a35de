import { describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { FREE_BASE_URL, PAID_BASE_URL } from './endpoint.ts';
import type { FetchLike } from './transport.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A client over a scripted fetch: each call takes the next response. */
function scripted(responses: Array<() => Response>, options: { apiKey?: string; serverUrl?: string } = {}) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({
      url,
      method: String(init.method),
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    });
    const next = responses.shift();
    if (!next) throw new Error('unexpected request');
    return next();
  };
  const client = new ApiClient({
    apiKey: options.apiKey ?? 'k-123',
    ...(options.serverUrl !== undefined ? { serverUrl: options.serverUrl } : {}),
    fetch,
    retry: false,
  });
  return { client, sent };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('ApiClient requests', () => {
  it('authenticates in the header only and picks the base URL by tier', async () => {
    const paid = scripted([json({ character_count: 1, character_limit: 10 })]);
    await paid.client.getUsage();
    expect(paid.sent[0]?.url).toBe(`${PAID_BASE_URL}/v2/usage`);
    expect(paid.sent[0]?.headers.Authorization).toBe('Service-Auth-Key k-123');

    const free = scripted([json({ character_count: 1, character_limit: 10 })], { apiKey: ' abc:fx ' });
    await free.client.getUsage();
    expect(free.sent[0]?.url).toBe(`${FREE_BASE_URL}/v2/usage`);
    expect(free.sent[0]?.headers.Authorization).toBe('Service-Auth-Key abc:fx');
  });

  it('sends the reporting tag when one is set', async () => {
    const sent: string[] = [];
    const client = new ApiClient({
      apiKey: 'k',
      reportingTag: 'verso-page',
      fetch: async (_url, init) => {
        sent.push((init.headers as Record<string, string>)['X-Service-Reporting-Tag'] ?? '');
        return json({ translations: [{ detected_source_language: 'EN', text: 'x' }] })();
      },
    });
    await client.translate({ text: ['a'], target_lang: 'de' });
    expect(sent).toEqual(['verso-page']);
  });

  it('repeats include for beta and external languages', async () => {
    const { client, sent } = scripted([json([])], { serverUrl: 'http://127.0.0.1:1/' });
    await client.getLanguages('translate_text', { includeBeta: true, includeExternal: true });
    expect(sent[0]?.url).toBe('http://127.0.0.1:1/v3/languages?resource=translate_text&include=beta&include=external');
  });

  it('escapes ids in paths', async () => {
    const { client, sent } = scripted([() => new Response(null, { status: 204 })]);
    await client.deleteGlossary('a/b?c');
    expect(sent[0]).toMatchObject({ method: 'DELETE', url: `${PAID_BASE_URL}/v3/glossaries/a%2Fb%3Fc` });
  });

  it('sends only the fields of the contract in JSON bodies', async () => {
    const glossary = { glossary_id: 'g', name: 'n', dictionaries: [] };
    const { client, sent } = scripted([
      json(glossary),
      json({ key_id: 'k', label: 'l', creation_time: 't', is_deactivated: false }),
    ]);
    const dictionary = { source_lang: 'en', target_lang: 'de', entries: 'a\tb', auth_key: 'leak' };
    await client.createGlossary({ name: 'n', dictionaries: [dictionary] });
    await client.createDeveloperKey({ label: 'x', auth_key: 'leak' } as { label: string });
    expect(JSON.parse(String(sent[0]?.body))).toEqual({
      name: 'n',
      dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'a\tb' }],
    });
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ label: 'x' });
  });

  it('refuses a key that cannot be a header value without sending anything', async () => {
    const { client, sent } = scripted([], { apiKey: 'bad key\n' });
    await expect(client.getUsage()).rejects.toMatchObject({ code: 'auth' });
    await expect(scripted([], { apiKey: '' }).client.getUsage()).rejects.toMatchObject({ code: 'auth' });
    expect(sent).toEqual([]);
  });

  it('refuses a request that breaks a limit before sending it', async () => {
    const { client, sent } = scripted([]);
    await expect(client.translate({ text: Array(51).fill('x'), target_lang: 'de' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(client.rephrase({ text: ['x'], writing_style: 'simple', tone: 'friendly' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(client.getAnalytics({ start_date: '2024-01-01', end_date: '2025-06-01' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(sent).toEqual([]);
  });
});

describe('ApiClient parsing', () => {
  it('keeps unknown keys, unknown languages and unknown features', async () => {
    const language = {
      lang: 'xx-Yyyy',
      name: 'New',
      usable_as_source: true,
      usable_as_target: false,
      status: 'early_access',
      features: { hologram: { status: 'beta', since: 2030 } },
      extra: 1,
    };
    const { client } = scripted([json([language])]);
    expect(await client.getLanguages('write')).toEqual([language]);
  });

  it('fills what the contract leaves implicit', async () => {
    const { client } = scripted([
      json([{ lang: 'de', name: 'German', usable_as_source: true, usable_as_target: true }]),
      json([{ name: 'translate_text', features: [{ name: 'glossary', needs_source_support: true }] }]),
    ]);
    expect((await client.getLanguages('translate_text'))[0]).toMatchObject({ status: 'stable', features: {} });
    expect((await client.getLanguageResources())[0]?.features[0]).toEqual({
      name: 'glossary',
      needs_source_support: true,
      needs_target_support: false,
    });
  });

  it('reports a body of the wrong shape as invalid_response, naming the field', async () => {
    const { client } = scripted([json({ translations: [{ text: 5 }] })]);
    const e = await client.translate({ text: ['a'], target_lang: 'de' }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'invalid_response', status: 200 });
    expect((e as { detail: string }).detail).toContain('translations.0');
  });

  it('reports a non-JSON success body as invalid_response', async () => {
    const { client } = scripted([() => new Response('<html>portal login</html>', { status: 200 })]);
    await expect(client.getUsage()).rejects.toMatchObject({ code: 'invalid_response', detail: /portal login/ });
  });

  it('reports a translation count that does not match the texts', async () => {
    const { client } = scripted([json({ translations: [{ detected_source_language: 'EN', text: 'x' }] })]);
    await expect(client.translate({ text: ['a', 'b'], target_lang: 'de' })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('maps error statuses, with or without a body', async () => {
    const { client } = scripted([json({ message: 'Quota exceeded' }, 456), () => new Response('', { status: 403 })]);
    await expect(client.getUsage()).rejects.toMatchObject({ code: 'quota_exceeded', message: 'Quota exceeded' });
    await expect(client.getUsage()).rejects.toMatchObject({ code: 'auth', status: 403 });
  });

  it('returns document bytes with the file name of Content-Disposition', async () => {
    const { client, sent } = scripted([
      () =>
        new Response('Hallo', {
          headers: { 'Content-Disposition': 'attachment; filename="a.de.txt"', 'Content-Type': 'text/plain' },
        }),
    ]);
    const doc = await client.downloadDocument({ document_id: 'D1', document_key: 'K1' });
    expect(new TextDecoder().decode(doc.bytes)).toBe('Hallo');
    expect(doc).toMatchObject({ filename: 'a.de.txt', contentType: 'text/plain' });
    expect(sent[0]).toMatchObject({ method: 'POST', url: `${PAID_BASE_URL}/v2/document/D1/result` });
    expect(JSON.parse(String(sent[0]?.body))).toEqual({ document_key: 'K1' });
  });
});

describe('customTagAnalyticsPages', () => {
  const breakdown = { total_characters: 1, text_translation_characters: 1, text_improvement_characters: 0 };
  const report = (usage: unknown[], next_page?: number | null) => ({
    custom_tag_usage_report: { aggregate_by: 'period', next_page: next_page ?? null, usage },
  });
  const range = { start_date: '2025-01-01', end_date: '2025-01-31' };

  it('follows next_page until it is null', async () => {
    const { client, sent } = scripted([
      json(report([{ custom_tag: 'a', breakdown }], 1)),
      json(report([{ custom_tag: 'b', breakdown }], 2)),
      json(report([{ custom_tag: 'c', breakdown }])),
    ]);
    const tags: string[] = [];
    for await (const page of client.customTagAnalyticsPages(range)) {
      tags.push(...page.usage.map((u) => u.custom_tag));
    }
    expect(tags).toEqual(['a', 'b', 'c']);
    expect(sent.map((s) => new URL(s.url).searchParams.get('page'))).toEqual([null, '1', '2']);
  });

  it('stops with invalid_response when next_page does not advance', async () => {
    const { client } = scripted([json(report([], 1)), json(report([], 1))]);
    const pages = async () => {
      for await (const _ of client.customTagAnalyticsPages(range)) {
        // read every page
      }
    };
    await expect(pages()).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
