import { describe, expect, it } from 'vitest';
import { GLOSSARY_LANGUAGES } from '../data/languages.ts';
import { client } from '../testing/http.ts';
import { serviceForTests } from '../testing/vitest.ts';

interface V3Language {
  lang: string;
  name: string;
  usable_as_source: boolean;
  usable_as_target: boolean;
  status: string;
  features: Record<string, { status: string }>;
}

const svc = serviceForTests();
const api = client(svc);

const v3 = async (query: string) => (await api.get(`/v3/languages?${query}`)).body as V3Language[];

describe('GET /v3/languages', () => {
  it('lists stable languages with the contract shape by default', async () => {
    const list = await v3('resource=translate_text');
    expect(list.every((l) => l.status === 'stable')).toBe(true);
    const de = list.find((l) => l.lang === 'de')!;
    expect(de).toEqual({
      lang: 'de',
      name: 'German',
      usable_as_source: true,
      usable_as_target: true,
      status: 'stable',
      features: {
        auto_detection: { status: 'stable' },
        formality: { status: 'stable' },
        glossary: { status: 'stable' },
        style_rules: { status: 'stable' },
        tag_handling: { status: 'stable' },
      },
    });
    expect(list.map((l) => l.lang)).toEqual(expect.arrayContaining(['en-GB', 'zh-Hant', 'es-419']));
    expect(list.map((l) => l.lang)).not.toContain('de-CH');
    for (const l of list) expect(l.lang).toMatch(/^[a-z]{2,3}(-([A-Z]{2}|[A-Z][a-z]{3}|\d{3}))?$/);
  });

  it('adds beta languages with include=beta and external features with include=external', async () => {
    const beta = await v3('resource=translate_text&include=beta');
    expect(beta.find((l) => l.lang === 'de-CH')).toMatchObject({ status: 'beta', usable_as_target: true });
    expect(beta.find((l) => l.lang === 'hi')).toMatchObject({ status: 'beta' });

    const plainVoice = await v3('resource=voice');
    const fullVoice = await v3('resource=voice&include=beta&include=external');
    expect(plainVoice.find((l) => l.lang === 'ja')?.features).not.toHaveProperty('translated_speech');
    expect(fullVoice.find((l) => l.lang === 'ja')?.features).toHaveProperty('translated_speech');
    expect(plainVoice.find((l) => l.lang === 'de')?.features).toHaveProperty('translated_speech');
  });

  it('serves every resource', async () => {
    const glossary = await v3('resource=glossary');
    expect(glossary.map((l) => l.lang).sort()).toEqual([...GLOSSARY_LANGUAGES].sort());
    expect(glossary.every((l) => Object.keys(l.features).length === 0)).toBe(true);
    const write = await v3('resource=write');
    expect(write.find((l) => l.lang === 'en-GB')?.features).toHaveProperty('writing_style');
    expect((await v3('resource=style_rules')).map((l) => l.lang)).toContain('ja');
    expect((await v3('resource=translate_document')).find((l) => l.lang === 'es-419')?.features).not.toHaveProperty(
      'formality',
    );
  });

  it('requires a known resource and include value', async () => {
    for (const query of ['', 'resource=', 'resource=speech', 'resource=write&include=alpha']) {
      const reply = await api.get(`/v3/languages?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body).toMatchObject({ message: expect.any(String) });
    }
  });

  it('suggests caching', async () => {
    const reply = await api.get('/v3/languages?resource=write');
    expect(reply.headers.get('cache-control')).toContain('max-age=3600');
  });
});

describe('GET /v3/languages/resources', () => {
  it('describes every resource with its features and true flags only', async () => {
    const body = (await api.get('/v3/languages/resources')).body as Array<{
      name: string;
      features: Array<Record<string, unknown>>;
    }>;
    expect(body.map((r) => r.name)).toEqual([
      'translate_text',
      'translate_document',
      'glossary',
      'voice',
      'write',
      'style_rules',
    ]);
    const text = body.find((r) => r.name === 'translate_text')!;
    expect(text.features).toContainEqual({ name: 'glossary', needs_source_support: true, needs_target_support: true });
    expect(text.features).toContainEqual({ name: 'auto_detection', needs_source_support: true });
    expect(text.features).toContainEqual({ name: 'formality', needs_target_support: true });
    expect(body.find((r) => r.name === 'glossary')!.features).toEqual([]);
  });
});

describe('deprecated v2 endpoints', () => {
  it('lists sources in v2 casing', async () => {
    const sources = (await api.get('/v2/languages')).body as Array<{ language: string; name: string }>;
    expect(sources).toContainEqual({ language: 'EN', name: 'English' });
    expect(sources.map((s) => s.language)).not.toContain('EN-US');
    expect(sources).toEqual((await api.get('/v2/languages?type=source')).body);
  });

  it('lists targets with supports_formality', async () => {
    const targets = (await api.get('/v2/languages?type=target')).body as Array<{
      language: string;
      supports_formality: boolean;
    }>;
    const byCode = new Map(targets.map((t) => [t.language, t.supports_formality]));
    expect(byCode.get('EN-US')).toBe(false);
    expect(byCode.get('ZH-HANT')).toBe(false);
    expect(byCode.get('DE')).toBe(true);
    expect(byCode.get('PT-BR')).toBe(true);
    expect(byCode.get('ES-419')).toBe(true);
    expect(byCode.has('EN')).toBe(false);
    expect(byCode.has('DE-CH')).toBe(false);
  });

  it('rejects an unknown type', async () => {
    expect((await api.get('/v2/languages?type=both')).status).toBe(400);
  });

  it('lists glossary language pairs', async () => {
    const body = (await api.get('/v2/glossary-language-pairs')).body as {
      supported_languages: Array<{ source_lang: string; target_lang: string }>;
    };
    const n = GLOSSARY_LANGUAGES.length;
    expect(body.supported_languages).toHaveLength(n * (n - 1));
    expect(body.supported_languages).toContainEqual({ source_lang: 'en', target_lang: 'de' });
    expect(body.supported_languages.some((p) => p.source_lang === p.target_lang)).toBe(false);
  });

  it('needs authentication like every endpoint', async () => {
    expect((await fetch(`${svc.url}/v2/languages`)).status).toBe(403);
    expect((await fetch(`${svc.url}/v3/languages?resource=write`)).status).toBe(403);
  });
});
