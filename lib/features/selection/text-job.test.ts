import { describe, expect, it } from 'vitest';
import type { TranslateParams, TranslationResult } from '../../api/index.ts';
import { mainLanguage, runTextJob, type TextJobDeps } from './text-job.ts';

/** A fake service: upper-cases text, detects German for texts containing "der", English otherwise. */
function fakeService(defaults: Record<string, string> = {}) {
  const sent: TranslateParams[] = [];
  const deps: TextJobDeps = {
    async translate(params) {
      sent.push(params);
      return params.text.map(
        (t): TranslationResult => ({
          detected_source_language: params.source_lang?.toUpperCase() ?? (/\bder\b/.test(t) ? 'DE' : 'EN'),
          text: params.glossary_id ? `[${params.glossary_id}]${t.toUpperCase()}` : t.toUpperCase(),
        }),
      );
    },
    async defaultGlossary(source, target) {
      return defaults[`${source.toLowerCase()}>${target.toLowerCase().split('-')[0]}`];
    },
  };
  return { sent, deps };
}

describe('runTextJob', () => {
  it('detects without a glossary in one request when no default exists for the detected pair', async () => {
    const { sent, deps } = fakeService({ 'de>fr': 'g-de-fr' });
    const out = await runTextJob(
      {
        texts: ['hello', 'world'],
        targetLang: 'fr',
        glossary: { kind: 'default' },
        context: 'ctx',
        tagHandling: 'html',
      },
      deps,
    );
    expect(out).toMatchObject({ texts: ['HELLO', 'WORLD'], detectedSource: 'EN', requests: 1 });
    expect(out.glossaryId).toBeUndefined();
    expect(sent).toEqual([{ target_lang: 'fr', context: 'ctx', tag_handling: 'html', text: ['hello', 'world'] }]);
  });

  it('sends again with source and glossary once detection finds a pair with a default glossary', async () => {
    const { sent, deps } = fakeService({ 'en>de': 'g-en-de' });
    const out = await runTextJob({ texts: ['hello'], targetLang: 'de', glossary: { kind: 'default' } }, deps);
    expect(out).toMatchObject({ texts: ['[g-en-de]HELLO'], sourceLang: 'en', glossaryId: 'g-en-de', requests: 2 });
    expect(sent.map((p) => [p.source_lang, p.glossary_id])).toEqual([
      [undefined, undefined],
      ['en', 'g-en-de'],
    ]);
  });

  it('uses the default glossary at once when the source is known', async () => {
    const { sent, deps } = fakeService({ 'en>de': 'g1' });
    const out = await runTextJob(
      { texts: ['a'], targetLang: 'de', sourceLang: 'en', glossary: { kind: 'default' } },
      deps,
    );
    expect(out).toMatchObject({ glossaryId: 'g1', requests: 1 });
    expect(sent[0]).toMatchObject({ source_lang: 'en', glossary_id: 'g1' });
  });

  it('honours an explicit choice: none, or a given glossary', async () => {
    const { sent, deps } = fakeService({ 'en>de': 'g1' });
    await runTextJob({ texts: ['a'], targetLang: 'de', sourceLang: 'en', glossary: { kind: 'none' } }, deps);
    await runTextJob({ texts: ['a'], targetLang: 'de', sourceLang: 'en', glossary: { kind: 'id', id: 'g2' } }, deps);
    expect(sent.map((p) => p.glossary_id)).toEqual([undefined, 'g2']);
  });

  it('leaves out a default formality and keeps a chosen one', async () => {
    const { sent, deps } = fakeService();
    await runTextJob({ texts: ['a'], targetLang: 'de', formality: 'default', glossary: { kind: 'none' } }, deps);
    await runTextJob({ texts: ['a'], targetLang: 'de', formality: 'more', glossary: { kind: 'none' } }, deps);
    expect(sent.map((p) => p.formality)).toEqual([undefined, 'more']);
  });

  it('splits past the text and byte limits and joins the results in order', async () => {
    const { sent, deps } = fakeService();
    deps.limits = { maxTexts: 3, maxBytes: 200 };
    const texts = Array.from({ length: 7 }, (_, i) => `text number ${i}`);
    const long = `${'word '.repeat(60)}end`;
    const out = await runTextJob({ texts: [...texts, long], targetLang: 'de', glossary: { kind: 'default' } }, deps);
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
    const out = await runTextJob({ texts: ['a', 'b', 'c'], targetLang: 'de', glossary: { kind: 'default' } }, deps);
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
