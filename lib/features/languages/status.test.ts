import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statusClass, statusLabel } from './status.ts';

const catalogue = (locale: string) => {
  const file = path.resolve(import.meta.dirname, `../../../public/_locales/${locale}/messages.json`);
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { message: string }>;
  return (key: string) => messages[key]!.message;
};

describe('language and feature statuses in words', () => {
  it('names the three statuses of the contract in English', () => {
    expect(statusLabel('stable')).toEqual({ text: 'Stable', known: true, raw: 'stable' });
    expect(statusLabel('beta')).toEqual({ text: 'Beta', known: true, raw: 'beta' });
    expect(statusLabel('early_access')).toEqual({ text: 'Early access', known: true, raw: 'early_access' });
  });

  it('names them in the UI language of every catalogue, never as the raw value', () => {
    expect(statusLabel('stable', catalogue('de')).text).toBe('Stabil');
    expect(statusLabel('early_access', catalogue('de')).text).toBe('Früher Zugang');
    for (const locale of ['de', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt_BR', 'ru', 'zh_CN']) {
      const message = catalogue(locale);
      expect(statusLabel('stable', message).text, locale).not.toBe('stable');
      expect(statusLabel('early_access', message).text, locale).not.toMatch(/early_access/);
    }
  });

  it('shows a status the contract does not name as the service gave it, marked as unknown', () => {
    expect(statusLabel('preview')).toEqual({ text: 'preview', known: false, raw: 'preview' });
    expect(statusLabel('')).toEqual({ text: '', known: false, raw: '' });
  });

  it('turns only known statuses into class names', () => {
    expect(statusClass('beta')).toBe('beta');
    expect(statusClass('x onclick=alert(1)')).toBe('unknown');
  });
});
