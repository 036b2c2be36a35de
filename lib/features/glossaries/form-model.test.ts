import { describe, expect, it } from 'vitest';
import type { Slicing } from '../../dom/schedule.ts';
import { checkPair, DictionaryFormModel } from './form-model.ts';

const slicing: Slicing = { yieldNow: () => Promise.resolve(), sliceMs: 8 };

describe('DictionaryFormModel', () => {
  it('names every problem at once, and hands over name, pair and entries when there is none', () => {
    const form = new DictionaryFormModel({ slicing });
    expect(form.check({ needsName: true })).toBeUndefined();
    expect([form.nameProblem.value, form.pairProblem.value, form.entries.showProblems.value]).toEqual([
      'missing',
      'missing',
      true,
    ]);
    form.setName(' Terms ');
    form.setPair({ source_lang: 'en', target_lang: 'de' });
    form.entries.setText('a\tb');
    expect(form.check({ needsName: true })).toEqual({
      name: 'Terms',
      pair: { source_lang: 'en', target_lang: 'de' },
      entries: 'a\tb',
    });
    form.dispose();
  });

  it('refuses a pair the glossary has already, whatever its case', () => {
    const form = new DictionaryFormModel({ slicing });
    form.setPair({ source_lang: 'EN', target_lang: 'DE' });
    form.entries.setText('a\tb');
    expect(form.check({ needsName: false, taken: [{ source_lang: 'en', target_lang: 'de' }] })).toBeUndefined();
    expect(form.pairProblem.value).toBe('taken');
  });

  it('checks pairs', () => {
    expect(checkPair({ source_lang: 'en' })).toBe('missing');
    expect(checkPair({ source_lang: 'en', target_lang: 'EN' })).toBe('same');
    expect(checkPair({ source_lang: 'en', target_lang: 'de' })).toEqual({ source_lang: 'en', target_lang: 'de' });
  });
});
