import { describe, expect, it } from 'vitest';
import { countText, pluralForm } from './plural.ts';

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

describe('countText', () => {
  const catalogue = (messages: Record<string, string>) => (key: string, fallback: string, subs?: string | string[]) => {
    const list = subs === undefined ? [] : Array.isArray(subs) ? subs : [subs];
    return (messages[key] ?? fallback).replace(/\$(\d)/g, (_, n: string) => list[Number(n) - 1] ?? '');
  };

  it('picks the form for the count and writes the count in the language’s digits', () => {
    const en = catalogue({ k: 'one=$1 entry|other=$1 entries' });
    expect(countText('k', '', 1, undefined, { lang: 'en', message: en })).toBe('1 entry');
    expect(countText('k', '', 1234, undefined, { lang: 'en', message: en })).toBe('1,234 entries');
    const ru = catalogue({ k: 'one=$1 запись|few=$1 записи|many=$1 записей|other=$1 записи' });
    const inRussian = [1, 3, 5, 21, 1000].map((n) => countText('k', '', n, undefined, { lang: 'ru', message: ru }));
    expect(inRussian.map((s) => s.replace(/\u00a0/g, ' '))).toEqual([
      '1 запись',
      '3 записи',
      '5 записей',
      '21 запись',
      '1 000 записей',
    ]);
    const ja = catalogue({ k: 'other=$1 件' });
    expect(countText('k', '', 1, undefined, { lang: 'ja', message: ja })).toBe('1 件');
  });

  it('puts other substitutions in after the form is picked, so "|" and "=" in them are kept', () => {
    const en = catalogue({ k: 'one=$2 has $1 entry|other=$2 has $1 entries' });
    expect(countText('k', '', 1, ['1', 'a|b=c'], { lang: 'en', message: en })).toBe('a|b=c has 1 entry');
    expect(countText('k', '', 2, ['2', 'x=one'], { lang: 'en', message: en })).toBe('x=one has 2 entries');
  });

  it('uses the English fallback when the catalogue lacks the key', () => {
    const none = catalogue({});
    expect(countText('k', 'one=$1 line|other=$1 lines', 1, undefined, { lang: 'en', message: none })).toBe('1 line');
  });
});
