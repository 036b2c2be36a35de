import { describe, expect, it } from 'vitest';
import type { Language } from '../../api/index.ts';
import { displayLanguageName, formatDate, formatNumber } from '../../ui/i18n.ts';
import { withLocalNames } from './names.ts';

const lang = (code: string, name: string): Language => ({
  lang: code,
  name,
  usable_as_source: true,
  usable_as_target: true,
  features: {},
  status: 'stable',
});

describe('language names, dates and numbers in the UI language', () => {
  it('names the service languages in the UI language, not the service English', () => {
    const list = withLocalNames([lang('en-US', 'English (American)'), lang('DE', 'German')], 'de');
    expect(list.map((l) => l.name)).toEqual([displayLanguageName('en-US', undefined, 'de'), 'Deutsch']);
    expect(list[0]?.name).toMatch(/Englisch/);
    // Standing alone in a list, a name starts with a capital even where sentences write it in lower case.
    expect(withLocalNames([lang('ja', 'Japanese')], 'fr')[0]?.name).toBe('Japonais');
    expect(withLocalNames([lang('de', 'German')], 'ru')[0]?.name).toBe('Немецкий');
    expect(displayLanguageName('ja', undefined, 'fr')).toBe('japonais');
  });

  it('keeps the service name for a code the browser cannot name', () => {
    expect(withLocalNames([lang('xx', 'Service Special')], 'de')[0]?.name).toBe('Service Special');
    expect(displayLanguageName('not a code', 'Kept', 'de')).toBe('Kept');
  });

  it('formats dates and numbers in the UI language', () => {
    expect(formatDate('2026-11-01T00:00:00Z', { day: 'numeric', month: 'short', timeZone: 'UTC' }, 'de')).toBe(
      '1. Nov.',
    );
    expect(formatDate('2026-11-01T00:00:00Z', { day: 'numeric', month: 'short', timeZone: 'UTC' }, 'en')).toBe('Nov 1');
    expect(formatDate('nonsense')).toBe('');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });
});
