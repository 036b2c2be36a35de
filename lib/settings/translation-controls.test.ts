import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  codePoints,
  getTranslationControls,
  readTranslationControls,
  translationControlsItem,
  updateTranslationControls,
} from './translation-controls.ts';

beforeEach(() => fakeBrowser.reset());

const memory = { memoryId: 'tm', name: 'Product UI', sourceLang: 'en', targetLangs: ['de'] };

describe('advanced settings', () => {
  it('start empty, with markup handling v1', async () => {
    expect(await getTranslationControls()).toEqual({
      customInstructions: {},
      styleRules: {},
      translationMemories: {},
      tagHandlingV2: false,
    });
  });

  it('count characters as code points, as the contract does', () => {
    expect(codePoints('é😀a')).toBe(3);
    expect('😀'.length).toBe(2);
  });

  it('give a memory the default threshold of 75', () => {
    expect(readTranslationControls({ translationMemories: { 'en>de': memory } }).translationMemories['en>de']).toEqual({
      ...memory,
      threshold: 75,
    });
  });

  it('drop only the damaged entries of a stored value', async () => {
    await translationControlsItem.setValue({
      customInstructions: { de: ['Fine.'], fr: Array.from({ length: 11 }, () => 'too many'), ko: ['x'.repeat(301)] },
      styleRules: { de: { styleId: 's1', name: 'Hausstil', language: 'de' }, fr: { name: 'no id' } },
      translationMemories: { 'en>de': { ...memory, threshold: 150 }, 'en>fr': { ...memory, targetLangs: ['fr'] } },
      tagHandlingV2: 'yes',
    } as never);
    const read = await getTranslationControls();
    expect(read.customInstructions).toEqual({ de: ['Fine.'] });
    expect(Object.keys(read.styleRules)).toEqual(['de']);
    expect(Object.keys(read.translationMemories)).toEqual(['en>fr']);
    expect(read.tagHandlingV2).toBe(false);
  });

  it('apply quick changes one after another, so none overwrites another', async () => {
    const add = (rule: string) =>
      updateTranslationControls((s) => ({
        ...s,
        customInstructions: { ...s.customInstructions, de: [...(s.customInstructions.de ?? []), rule] },
      }));
    // A refused change in the middle does not stop the ones after it.
    const refused = updateTranslationControls((s) => ({ ...s, customInstructions: { de: ['é'.repeat(301)] } }));
    await Promise.all([add('Rule 1.'), add('Rule 2.'), refused.catch(() => undefined), add('Rule 3.'), add('Rule 4.')]);
    await expect(refused).rejects.toThrow();
    expect((await getTranslationControls()).customInstructions.de).toEqual([
      'Rule 1.',
      'Rule 2.',
      'Rule 3.',
      'Rule 4.',
    ]);
  });

  it('refuse to save a change that breaks a limit, and keep what was saved', async () => {
    await updateTranslationControls((s) => ({ ...s, customInstructions: { de: ['  Be brief.  '] } }));
    expect((await getTranslationControls()).customInstructions).toEqual({ de: ['Be brief.'] });
    await expect(
      updateTranslationControls((s) => ({ ...s, customInstructions: { de: ['é'.repeat(301)] } })),
    ).rejects.toThrow();
    await expect(
      updateTranslationControls((s) => ({
        ...s,
        translationMemories: { 'en>de': { ...memory, threshold: 75.5 } },
      })),
    ).rejects.toThrow();
    expect((await getTranslationControls()).customInstructions).toEqual({ de: ['Be brief.'] });
  });
});
