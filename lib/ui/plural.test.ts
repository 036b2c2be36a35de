import { describe, expect, it } from 'vitest';
import { pluralForm } from './plural.ts';

describe('pluralForm', () => {
  it('picks the form of the count by the language’s plural rules', () => {
    const en = 'one=$1 rule|other=$1 rules';
    expect([0, 1, 2, 5, 21].map((n) => pluralForm(en, n, 'en'))).toEqual([
      '$1 rules',
      '$1 rule',
      '$1 rules',
      '$1 rules',
      '$1 rules',
    ]);
    const ru = 'one=$1 правило|few=$1 правила|many=$1 правил|other=$1 правила';
    expect([0, 1, 2, 5, 21, 22, 111].map((n) => pluralForm(ru, n, 'ru'))).toEqual([
      '$1 правил',
      '$1 правило',
      '$1 правила',
      '$1 правил',
      '$1 правило',
      '$1 правила',
      '$1 правил',
    ]);
  });

  it('falls back to "other" for a category the message lacks, and keeps a plain message', () => {
    expect(pluralForm('other=$1 件', 1, 'ja')).toBe('$1 件');
    expect(pluralForm('one=$1 regla|other=$1 reglas', 1_000_000, 'es')).toBe('$1 reglas');
    expect(pluralForm('Nothing here', 3, 'en')).toBe('Nothing here');
    expect(pluralForm('one=a|other=b', 1, 'not a language!')).toBe('a');
  });
});
