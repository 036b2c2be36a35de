import { describe, expect, it } from 'vitest';
import type { Language } from '../../api/index.ts';
import { adjustmentKey, parseAdjustmentKey, resolveAdjustment, writeTargets } from './style-tone.ts';

const lang = (code: string, features: string[] = []): Language => ({
  lang: code,
  name: code,
  usable_as_source: true,
  usable_as_target: true,
  status: 'stable',
  features: Object.fromEntries(features.map((f) => [f, { status: 'stable' }])),
});

describe('resolveAdjustment', () => {
  const enUS = lang('en-US', ['writing_style', 'tone']);
  const ja = lang('ja');

  it('sends nothing for the default (the service default mode)', () => {
    expect(resolveAdjustment({ kind: 'default' }, enUS)).toEqual({});
  });

  it('sends the plain value where the language has the feature', () => {
    expect(resolveAdjustment({ kind: 'style', value: 'business' }, enUS)).toEqual({ writingStyle: 'business' });
    expect(resolveAdjustment({ kind: 'tone', value: 'friendly' }, enUS)).toEqual({ tone: 'friendly' });
  });

  it('sends the prefer_ form where the language lacks it, and says so', () => {
    expect(resolveAdjustment({ kind: 'style', value: 'casual' }, ja)).toEqual({
      writingStyle: 'prefer_casual',
      fallback: 'unsupported',
    });
    expect(resolveAdjustment({ kind: 'tone', value: 'diplomatic' }, undefined)).toEqual({
      tone: 'prefer_diplomatic',
      fallback: 'unknown',
    });
  });

  it('never yields a style and a tone together', () => {
    for (const key of ['default', 'style:simple', 'tone:confident', 'style:bogus', 'tone:']) {
      const r = resolveAdjustment(parseAdjustmentKey(key), enUS);
      expect(r.writingStyle !== undefined && r.tone !== undefined).toBe(false);
    }
  });

  it('round-trips the select values', () => {
    expect(adjustmentKey(parseAdjustmentKey('tone:enthusiastic'))).toBe('tone:enthusiastic');
    expect(parseAdjustmentKey('style:nonsense')).toEqual({ kind: 'default' });
  });
});

describe('writeTargets', () => {
  const list = [lang('de'), lang('en'), lang('en-GB'), lang('en-US'), lang('ja'), lang('pt'), lang('pt-BR')];

  it('offers every target for correct', () => {
    expect(writeTargets(list, 'correct').map((l) => l.lang)).toEqual([
      'de',
      'en',
      'en-GB',
      'en-US',
      'ja',
      'pt',
      'pt-BR',
    ]);
  });

  it('offers variants instead of their bare code for rephrase', () => {
    expect(writeTargets(list, 'rephrase').map((l) => l.lang)).toEqual(['de', 'en-GB', 'en-US', 'ja', 'pt-BR']);
  });

  it('leaves out languages that are not targets', () => {
    expect(writeTargets([{ ...lang('ko'), usable_as_target: false }], 'correct')).toEqual([]);
  });
});
