import { describe, expect, it } from 'vitest';
import { formatFileSize, formatPercent } from './i18n.ts';

// Intl puts a no-break or narrow no-break space between number and sign in some languages.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPercent', () => {
  it('writes a share as the UI language writes a percentage', () => {
    expect(formatPercent(0.42, 'en')).toBe('42%');
    expect(plain(formatPercent(0.42, 'de'))).toBe('42 %');
    expect(plain(formatPercent(0.8, 'fr'))).toBe('80 %');
    expect(formatPercent(1, 'tr')).toBe('%100');
    expect(formatPercent(0, 'en')).toBe('0%');
  });

  it('shows whole percentages and falls back to English for a language Intl cannot read', () => {
    expect(formatPercent(0.994, 'en')).toBe('99%');
    expect(formatPercent(0.5, 'not a language!')).toBe('50%');
  });
});

describe('formatFileSize', () => {
  it('gives kilobytes below a megabyte, at least one', () => {
    expect(formatFileSize(1, 'en')).toBe('1 kB');
    expect(formatFileSize(12 * 1024 + 100, 'en')).toBe('12 kB');
    expect(formatFileSize(1024 * 1024 - 1, 'en')).toBe('1,024 kB');
  });

  it('gives megabytes with one decimal in the UI language’s digits and unit', () => {
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toBe('1.5 MB');
    expect(plain(formatFileSize(1.5 * 1024 * 1024, 'de'))).toBe('1,5 MB');
    expect(plain(formatFileSize(1.5 * 1024 * 1024, 'ru'))).toBe('1,5 МБ');
    expect(formatFileSize(30 * 1024 * 1024, 'en')).toBe('30 MB');
    expect(formatFileSize(2048, 'not a language!')).toBe('2 kB');
  });
});
