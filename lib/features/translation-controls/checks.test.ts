import { describe, expect, it } from 'vitest';
import { TranslationControls } from '../../settings/translation-controls.ts';
import { forcedQualityReasons, instructionProblem, parseThreshold, qualityReasons } from './checks.ts';

const ten = Array.from({ length: 10 }, (_, i) => `Rule ${i + 1}.`);

describe('instructionProblem', () => {
  it('accepts up to 300 characters, counted as code points', () => {
    expect(instructionProblem('a'.repeat(300), [])).toBeUndefined();
    expect(instructionProblem('😀'.repeat(300), [])).toBeUndefined();
    expect(instructionProblem('a'.repeat(301), [])).toBe('too_long');
    expect(instructionProblem(`  ${'a'.repeat(300)}  `, [])).toBeUndefined();
  });

  it('refuses an 11th instruction, but lets one of ten be replaced', () => {
    expect(instructionProblem('Rule 11.', ten.slice(0, 9))).toBeUndefined();
    expect(instructionProblem('Rule 11.', ten)).toBe('too_many');
    expect(instructionProblem('Rule one, reworded.', ten, 0)).toBeUndefined();
  });

  it('refuses an empty or repeated instruction', () => {
    expect(instructionProblem('   ', [])).toBe('empty');
    expect(instructionProblem(' Rule 2. ', ten.slice(0, 3))).toBe('duplicate');
    expect(instructionProblem('Rule 2.', ten.slice(0, 3), 1)).toBeUndefined();
  });
});

describe('parseThreshold', () => {
  it('takes a whole number from 0 to 100', () => {
    expect(parseThreshold('75')).toBe(75);
    expect(parseThreshold(' 0 ')).toBe(0);
    expect(parseThreshold('100')).toBe(100);
    for (const bad of ['101', '-1', '7.5', '', 'abc', '1e2']) expect(parseThreshold(bad)).toBeUndefined();
  });
});

describe('quality reasons', () => {
  const empty = TranslationControls.parse({});
  const busy = TranslationControls.parse({
    customInstructions: { de: ['Be brief.'], fr: [] },
    styleRules: { de: { styleId: 's', name: 'Hausstil', language: 'de' } },
    translationMemories: { 'en>de': { memoryId: 'm', sourceLang: 'en', targetLangs: ['de'] } },
    tagHandlingV2: true,
  });

  it('name each saved control that needs the quality model', () => {
    expect(qualityReasons(empty)).toEqual([]);
    expect(qualityReasons(TranslationControls.parse({ customInstructions: { fr: [] } }))).toEqual([]);
    expect(qualityReasons(busy)).toEqual([
      'custom_instructions',
      'style_rules',
      'translation_memory',
      'tag_handling_v2',
    ]);
  });

  it('are explained only when the default model is latency optimised', () => {
    expect(forcedQualityReasons(busy, 'latency_optimized')).toHaveLength(4);
    expect(forcedQualityReasons(busy, '')).toEqual([]);
    expect(forcedQualityReasons(busy, 'prefer_quality_optimized')).toEqual([]);
    expect(forcedQualityReasons(empty, 'latency_optimized')).toEqual([]);
  });
});
