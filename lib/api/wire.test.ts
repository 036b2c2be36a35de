import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allOperations,
  type Example,
  loadWireFixtures,
  matchPath,
  type Operation,
  type RecordedRequest,
  type ReplayServer,
  type Reply,
  replyOf,
  startReplayServer,
} from '../../tests/fixtures/wire/replay.ts';
import { ApiClient } from './client.ts';
import { REPORTING_TAG_HEADER } from './endpoint.ts';
import type { CustomInstructionInput } from './schemas/style-rules.ts';

/**
 * The reference API's documented answers (tests/fixtures/wire/, sources named there) replayed over HTTP
 * by a server of this test: every client method must parse every documented example of its endpoint,
 * error bodies must become the right error codes, and every request the client builds must have the
 * documented method, path, content type and required fields.
 */

const files = loadWireFixtures();
const operations = allOperations(files);

const KEY = 'replay-key';
const HANDLE = {
  document_id: '04DE5AD98A02647D83285A36021911C6',
  document_key: '0CB0054F1C132C1625B392EADDA41CB754A742822F6877173029A6C487E7F60A',
};
const GLOSSARY = 'def3a26b-3e84-45b3-84ae-0c0aaf3525f7';
const STYLE = 'a74d88fb-ed2a-4943-a664-a4512398b994';
const INSTRUCTION = 'f4515921-8fdf-4e3a-a981-ad7a6717a8aa';
const KEY_ID = 'ca7d5694-96eb-4263-a9a4-7f7e4211529e:20c2abcf-4c3c-4cd6-8ae8-8bd2a7d4da38';
const DICTIONARY = {
  source_lang: 'en',
  target_lang: 'de',
  entries: 'Hello\tGuten Tag',
  entries_format: 'tsv',
} as const;
const INSTRUCTION_INPUT = { label: 'Tone instruction', prompt: 'Use a friendly, diplomatic tone' };

/** As many texts as the example answers, so the client's count check holds. */
const textsFor = (example: Example | undefined) => {
  const n = (example?.body as { translations?: unknown[] } | undefined)?.translations?.length ?? 1;
  return Array.from({ length: n }, (_, i) => `Text ${i + 1}.`);
};

/** One call per operation, with arguments of the documented examples. */
const CALLS: Record<string, (c: ApiClient, example?: Example) => Promise<unknown>> = {
  translate: (c, ex) => c.translate({ text: textsFor(ex), target_lang: 'DE' }),
  uploadDocument: (c) =>
    c.uploadDocument({ file: new Blob(['Hello, world!']), filename: 'document.txt', target_lang: 'DE' }),
  getDocumentStatus: (c) => c.getDocumentStatus(HANDLE),
  downloadDocument: (c) => c.downloadDocument(HANDLE),
  createGlossary: (c) => c.createGlossary({ name: 'My Glossary', dictionaries: [DICTIONARY] }),
  listGlossaries: (c) => c.listGlossaries(),
  getGlossary: (c) => c.getGlossary(GLOSSARY),
  getGlossaryEntries: (c) => c.getGlossaryEntries(GLOSSARY, { source_lang: 'en', target_lang: 'de' }),
  replaceDictionary: (c) => c.replaceDictionary(GLOSSARY, DICTIONARY),
  patchGlossary: (c) => c.patchGlossary(GLOSSARY, { name: 'Gertrude the glossary', dictionaries: [DICTIONARY] }),
  deleteGlossary: (c) => c.deleteGlossary(GLOSSARY),
  deleteDictionary: (c) => c.deleteDictionary(GLOSSARY, { source_lang: 'en', target_lang: 'de' }),
  rephrase: (c) =>
    c.rephrase({ text: ['I could relly use sum help with edits on thiss text !'], target_lang: 'en-US' }),
  correct: (c) => c.correct({ text: ['I could relly use sum help with edits on thiss text !'], target_lang: 'en-US' }),
  getLanguages: (c) => c.getLanguages('translate_text'),
  getLanguageResources: (c) => c.getLanguageResources(),
  getLanguagesV2: (c) => c.getLanguagesV2('target'),
  getGlossaryLanguagePairs: (c) => c.getGlossaryLanguagePairs(),
  getUsage: (c) => c.getUsage(),
  listTranslationMemories: (c) => c.listTranslationMemories(),
  listStyleRules: (c) => c.listStyleRules(),
  createStyleRule: (c) =>
    c.createStyleRule({
      name: 'Technical Documentation Rules',
      language: 'en',
      configured_rules: { dates_and_times: { calendar_era: 'use_bc_and_ad' } },
      custom_instructions: [{ ...INSTRUCTION_INPUT, source_language: 'en' }],
    }),
  getStyleRule: (c) => c.getStyleRule(STYLE),
  patchStyleRule: (c) => c.patchStyleRule(STYLE, { name: 'New Technical Documentation Rules' }),
  deleteStyleRule: (c) => c.deleteStyleRule(STYLE),
  replaceConfiguredRules: (c) =>
    c.replaceConfiguredRules(STYLE, { punctuation: { periods_in_academic_degrees: 'do_not_use' } }),
  createCustomInstruction: (c, ex) =>
    c.createCustomInstruction(STYLE, (ex?.call as CustomInstructionInput | undefined) ?? INSTRUCTION_INPUT),
  getCustomInstruction: (c) => c.getCustomInstruction(STYLE, INSTRUCTION),
  updateCustomInstruction: (c) =>
    c.updateCustomInstruction(STYLE, INSTRUCTION, {
      label: 'Updated currency instruction',
      prompt: 'Put currency symbols after the numeric amount',
      source_language: 'en',
    }),
  deleteCustomInstruction: (c) => c.deleteCustomInstruction(STYLE, INSTRUCTION),
  createDeveloperKey: (c) => c.createDeveloperKey({ label: 'admin-key' }),
  listDeveloperKeys: (c) => c.listDeveloperKeys(),
  deactivateDeveloperKey: (c) => c.deactivateDeveloperKey(KEY_ID),
  renameDeveloperKey: (c) => c.renameDeveloperKey(KEY_ID, 'admin-key-prod'),
  setDeveloperKeyLimits: (c) => c.setDeveloperKeyLimits(KEY_ID, { characters: 1000 }),
  getAnalytics: (c) => c.getAnalytics({ start_date: '2025-09-29', end_date: '2025-10-01', group_by: 'key_and_day' }),
  getCustomTagAnalytics: (c) =>
    c.getCustomTagAnalytics({ start_date: '2026-05-03', end_date: '2026-05-05', aggregate_by: 'day' }),
};

let server: ReplayServer;
let next: Reply[] = [];
beforeAll(async () => {
  server = await startReplayServer(() => next.shift() ?? { status: 500, body: { message: 'nothing queued' } });
});
afterAll(() => server.close());

async function replay(reply: Reply, run: (c: ApiClient) => Promise<unknown>) {
  next = [reply];
  server.requests.length = 0;
  const client = new ApiClient({ apiKey: KEY, serverUrl: server.url, retry: false, reportingTag: 'team-billing' });
  const outcome = await run(client).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  expect(server.requests).toHaveLength(1);
  return { outcome, request: server.requests[0]! };
}

/** The documented method, path, content type, required fields; the key and tag in their headers. */
async function checkRequest(op: Operation, req: RecordedRequest) {
  const spec = op.request;
  expect(req.method).toBe(spec.method);
  expect(matchPath(spec.path, req.path), `${req.path} fits ${spec.path}`).toBeDefined();
  expect(req.headers.authorization).toBe(`Service-Auth-Key ${KEY}`);
  expect(req.headers[REPORTING_TAG_HEADER.toLowerCase()]).toBe('team-billing');
  const contentType = req.headers['content-type']?.split(';')[0]?.trim();
  if (spec.contentType === null) {
    expect(contentType).toBeUndefined();
    expect(req.body.length).toBe(0);
  } else {
    expect(contentType).toBe(spec.contentType);
  }
  for (const name of spec.requiredQuery ?? []) expect(req.query.get(name), `query ${name}`).toBeTruthy();
  if (spec.requiredBody) {
    const body = JSON.parse(req.body.toString('utf8')) as Record<string, unknown>;
    for (const name of spec.requiredBody) expect(body[name], `body field ${name}`).toBeDefined();
  }
  if (spec.requiredParts) {
    const form = await new Response(new Uint8Array(req.body), {
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    }).formData();
    for (const name of spec.requiredParts) expect(form.has(name), `part ${name}`).toBe(true);
  }
}

describe('wire fixtures', () => {
  it('name their sources and cover every endpoint method of the client', () => {
    for (const f of files) {
      expect(f.source.length, f.file).toBeGreaterThan(0);
      for (const op of f.operations) {
        for (const ex of [...op.examples, ...(op.errors ?? [])]) expect(ex.source, `${f.file} ${ex.name}`).toBeTruthy();
        expect(op.examples.length, op.operation).toBeGreaterThan(0);
      }
    }
    // customTagAnalyticsPages follows next_page over getCustomTagAnalytics; translate is translateEach that
    // throws on the first refused answer: both ride on an endpoint method and are replayed below with its examples.
    const endpointMethods = Object.getOwnPropertyNames(ApiClient.prototype).filter(
      (name) => name !== 'constructor' && name !== 'customTagAnalyticsPages' && name !== 'translateEach',
    );
    expect(endpointMethods).toHaveLength(37);
    expect(new Set(operations.map((o) => o.operation))).toEqual(new Set(endpointMethods));
    expect(Object.keys(CALLS).sort()).toEqual([...endpointMethods].sort());
  });
});

for (const op of operations) {
  describe(`${op.operation} (${op.request.method} ${op.request.path})`, () => {
    for (const example of op.examples) {
      it(`parses "${example.name}" and sends the documented request`, async () => {
        const { outcome, request } = await replay(replyOf(example), (c) => CALLS[op.operation]!(c, example));
        if (!outcome.ok) throw outcome.error;
        await checkRequest(op, request);
        if (example.expect !== undefined) expect(outcome.value).toMatchObject(example.expect as object);
      });
    }
    for (const error of op.errors ?? []) {
      it(`turns ${error.status} "${error.name}" into ${error.expectCode}`, async () => {
        const { outcome, request } = await replay(replyOf(error), (c) => CALLS[op.operation]!(c, op.examples[0]));
        expect(outcome.ok).toBe(false);
        if (outcome.ok) return;
        expect(outcome.error).toMatchObject({ name: 'ApiError', code: error.expectCode, status: error.status });
        const message = (error.body as { message?: string } | null)?.message;
        if (message) expect((outcome.error as Error).message).toBe(message);
        await checkRequest(op, request);
      });
    }
  });
}

describe('translateEach (the per-text form of translate)', () => {
  const translate = operations.find((o) => o.operation === 'translate');
  for (const example of translate?.examples ?? []) {
    it(`parses "${example.name}" with one result per text`, async () => {
      const { outcome, request } = await replay(replyOf(example), (c) =>
        c.translateEach({ text: textsFor(example), target_lang: 'DE' }),
      );
      if (!outcome.ok) throw outcome.error;
      await checkRequest(translate!, request);
      expect((outcome.value as unknown[]).length).toBe(textsFor(example).length);
    });
  }
});

describe('documented shapes the client must not take too far', () => {
  it('refuses a custom instruction without any identifier', async () => {
    const { outcome } = await replay({ status: 200, body: { label: 'Tone', prompt: 'Warm.' } }, (c) =>
      c.getCustomInstruction(STYLE, INSTRUCTION),
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('refuses a custom-tag breakdown whose total is not a number', async () => {
    const body = {
      custom_tag_usage_report: {
        next_page: null,
        usage: [{ custom_tag: 'a', breakdown: { total_characters: '380' } }],
      },
    };
    const { outcome } = await replay({ status: 200, body }, CALLS.getCustomTagAnalytics!);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('refuses a key list entry without key_id', async () => {
    const body = [
      { label: 'x', creation_time: '2025-07-08T08:15:29.362Z', deactivated_time: null, is_deactivated: false },
    ];
    const { outcome } = await replay({ status: 200, body }, CALLS.listDeveloperKeys!);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('returns the dictionary of the pair asked for when the answer holds several', async () => {
    const body = {
      dictionaries: [
        { source_lang: 'DE', target_lang: 'EN', entries: 'Hallo\tHello', entries_format: 'tsv' },
        { source_lang: 'EN', target_lang: 'DE', entries: 'Hello\tHallo', entries_format: 'tsv' },
      ],
    };
    const { outcome } = await replay({ status: 200, body }, CALLS.getGlossaryEntries!);
    expect(outcome).toMatchObject({ ok: true, value: { source_lang: 'EN', entries: 'Hello\tHallo' } });
  });
});

describe('customTagAnalyticsPages over the documented pages', () => {
  it('follows next_page until it is null', async () => {
    const tagOps = operations.find((o) => o.operation === 'getCustomTagAnalytics')!;
    const withNext = tagOps.examples.find(
      (e) => (e.body as { custom_tag_usage_report: { next_page: unknown } }).custom_tag_usage_report.next_page === 2,
    )!;
    const last = tagOps.examples[0]!;
    next = [replyOf(withNext), replyOf(last)];
    server.requests.length = 0;
    const client = new ApiClient({ apiKey: KEY, serverUrl: server.url, retry: false });
    const tags: string[] = [];
    for await (const page of client.customTagAnalyticsPages({ start_date: '2026-05-03', end_date: '2026-05-05' })) {
      tags.push(...page.usage.map((u) => u.custom_tag));
    }
    expect(tags).toEqual(['example-custom-tag', 'example-custom-tag', 'example-custom-tag-2']);
    expect(server.requests.map((r) => r.query.get('page'))).toEqual([null, '2']);
  });
});
