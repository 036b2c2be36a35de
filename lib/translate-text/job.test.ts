import { describe, expect, it } from 'vitest';
import type { TranslateParams, TranslationResult } from '../api/index.ts';
import { mainLanguage, runTextJob, type TextJobDeps } from './job.ts';

type Params = Omit<TranslateParams, 'text'>;

/**
 * A fake service: upper-cases text, detects German for texts containing "der", English otherwise, and
 * reports the model when one was sent. Parameters come from a stand-in resolver: the target, the
 * source when known, and the pair's glossary from `glossaries` only then.
 */
function fakeService(glossaries: Record<string, string> = {}, extra: Partial<Params> = {}) {
  const sent: TranslateParams[] = [];
  const asked: Array<string | undefined> = [];
  const deps: TextJobDeps = {
    async translate(params) {
      sent.push(params);
      return params.text.map(
        (t): TranslationResult => ({
          detected_source_language: params.source_lang?.toUpperCase() ?? (/\bder\b/.test(t) ? 'DE' : 'EN'),
          text: params.glossary_id ? `[${params.glossary_id}]${t.toUpperCase()}` : t.toUpperCase(),
          ...(params.model_type ? { model_type_used: 'quality_optimized' } : {}),
        }),
      );
    },
    async paramsFor(source) {
      asked.push(source);
      const glossary = source ? glossaries[`${source}>${extra.target_lang ?? 'de'}`] : undefined;
      return {
        target_lang: 'de',
        ...extra,
        ...(source ? { source_lang: source } : {}),
        ...(glossary ? { glossary_id: glossary } : {}),
      };
    },
  };
  return { sent, asked, deps };
}

describe('runTextJob', () => {
  it('detects without a glossary in one request when none applies to the detected pair', async () => {
    const { sent, asked, deps } = fakeService({ 'de>fr': 'g-de-fr' }, { target_lang: 'fr', context: 'ctx' });
    const out = await runTextJob({ texts: ['hello', 'world'] }, deps);
    expect(out).toMatchObject({ texts: ['HELLO', 'WORLD'], detectedSource: 'EN', requests: 1 });
    expect(out.glossaryId).toBeUndefined();
    expect(out.sourceLang).toBeUndefined();
    expect(sent).toEqual([{ target_lang: 'fr', context: 'ctx', text: ['hello', 'world'] }]);
    // The resolver was asked for detection, then for the detected pair.
    expect(asked).toEqual([undefined, 'en']);
  });

  it('sends again with source and glossary once detection finds a pair with a glossary', async () => {
    const { sent, deps } = fakeService({ 'en>de': 'g-en-de' });
    const out = await runTextJob({ texts: ['hello'] }, deps);
    expect(out).toMatchObject({ texts: ['[g-en-de]HELLO'], sourceLang: 'en', glossaryId: 'g-en-de', requests: 2 });
    expect(sent.map((p) => [p.source_lang, p.glossary_id])).toEqual([
      [undefined, undefined],
      ['en', 'g-en-de'],
    ]);
  });

  it('uses the parameters for a known source at once', async () => {
    const { sent, asked, deps } = fakeService({ 'en>de': 'g1' });
    const out = await runTextJob({ texts: ['a'], sourceLang: 'en' }, deps);
    expect(out).toMatchObject({ glossaryId: 'g1', sourceLang: 'en', requests: 1 });
    expect(sent[0]).toMatchObject({ source_lang: 'en', glossary_id: 'g1' });
    expect(asked).toEqual(['en']);
  });

  it('reports the model the service used when a model type was sent', async () => {
    const plain = fakeService();
    expect((await runTextJob({ texts: ['a'], sourceLang: 'en' }, plain.deps)).modelTypeUsed).toBeUndefined();
    const quality = fakeService({}, { model_type: 'quality_optimized', custom_instructions: ['Be brief.'] });
    const out = await runTextJob({ texts: ['a'], sourceLang: 'en' }, quality.deps);
    expect(out.modelTypeUsed).toBe('quality_optimized');
    expect(quality.sent[0]).toMatchObject({ model_type: 'quality_optimized', custom_instructions: ['Be brief.'] });
  });

  it('splits past the text and byte limits and joins the results in order', async () => {
    const { sent, deps } = fakeService();
    deps.limits = { maxTexts: 3, maxBytes: 200 };
    const texts = Array.from({ length: 7 }, (_, i) => `text number ${i}`);
    const long = `${'word '.repeat(60)}end`;
    const out = await runTextJob({ texts: [...texts, long] }, deps);
    expect(out.texts).toEqual([...texts.map((t) => t.toUpperCase()), long.toUpperCase()]);
    expect(sent.length).toBeGreaterThan(3);
    for (const p of sent) {
      expect(p.text.length).toBeLessThanOrEqual(3);
      expect(new TextEncoder().encode(JSON.stringify(p)).length).toBeLessThanOrEqual(200);
    }
    // Detection only needed the first request: no text was sent twice.
    const sentTexts = sent.flatMap((p) => p.text);
    for (const t of texts) expect(sentTexts.filter((x) => x === t)).toHaveLength(1);
    expect(out.requests).toBe(sent.length);
  });

  it('re-sends every batch with the glossary when detection finds one', async () => {
    const { sent, deps } = fakeService({ 'en>de': 'g' });
    deps.limits = { maxTexts: 2, maxBytes: 10_000 };
    const out = await runTextJob({ texts: ['a', 'b', 'c'] }, deps);
    expect(out.texts).toEqual(['[g]A', '[g]B', '[g]C']);
    expect(sent.map((p) => p.text)).toEqual([['a', 'b'], ['a', 'b'], ['c']]);
  });
});

describe('mainLanguage', () => {
  it('weighs detected languages by text length', () => {
    const r = (code: string) => ({ detected_source_language: code, text: '' });
    expect(mainLanguage([r('EN'), r('DE'), r('DE')], ['a long english text', 'kurz', 'ja'])).toBe('EN');
    expect(mainLanguage([r('EN'), r('DE'), r('DE')], ['a', 'bb', 'cc'])).toBe('DE');
  });
});
