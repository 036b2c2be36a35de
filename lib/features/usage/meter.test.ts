import { describe, expect, it } from 'vitest';
import { Usage } from '../../api/index.ts';
import { levelOf, meterRows, percentOf, UNLIMITED_FROM, worstLevel } from './meter.ts';

const paid = (patch: Partial<Usage> = {}) =>
  Usage.parse({
    character_count: 500,
    character_limit: 1000,
    api_key_character_count: 100,
    api_key_character_limit: UNLIMITED_FROM,
    speech_to_text_milliseconds_count: 0,
    speech_to_text_milliseconds_limit: UNLIMITED_FROM,
    ...patch,
  });

describe('usage meter', () => {
  it('warns from 80 % and is full at 100 % or at a limit of 0', () => {
    expect(levelOf(799, 1000)).toBe('ok');
    expect(levelOf(800, 1000)).toBe('warn');
    expect(levelOf(999, 1000)).toBe('warn');
    expect(levelOf(1000, 1000)).toBe('full');
    expect(levelOf(1200, 1000)).toBe('full');
    expect(levelOf(0, 0)).toBe('full');
    expect(levelOf(10 ** 15, null)).toBe('ok');
  });

  it("shows key and account for a paid key; the service's 10^12 means no limit", () => {
    const rows = meterRows(paid());
    expect(rows.map((r) => [r.id, r.used, r.limit, r.level])).toEqual([
      ['key', 100, null, 'ok'],
      ['account', 500, 1000, 'ok'],
    ]);
  });

  it('shows only the account for a free key', () => {
    const rows = meterRows(Usage.parse({ character_count: 450_000, character_limit: 500_000 }));
    expect(rows).toEqual([
      { id: 'account', used: 450_000, limit: 500_000, ratio: 0.9, level: 'warn', unit: 'characters' },
    ]);
  });

  it('shows a key limit and speech to text where they are real limits', () => {
    const rows = meterRows(
      paid({
        api_key_character_limit: 100,
        speech_to_text_milliseconds_count: 10,
        speech_to_text_milliseconds_limit: 60_000,
      }),
    );
    expect(rows.map((r) => [r.id, r.level])).toEqual([
      ['key', 'full'],
      ['account', 'ok'],
      ['speech', 'ok'],
    ]);
    expect(worstLevel(rows)).toBe('full');
  });

  it('treats a blocked key (limit 0) as full, at 100 %', () => {
    const [key] = meterRows(paid({ api_key_character_count: 0, api_key_character_limit: 0 }));
    expect(key).toMatchObject({ level: 'full', ratio: 1 });
    expect(percentOf(key?.ratio ?? 0)).toBe(100);
  });

  it('never rounds up to a full 100 %', () => {
    expect(percentOf(0.996)).toBe(99);
    expect(percentOf(2)).toBe(100);
  });
});
