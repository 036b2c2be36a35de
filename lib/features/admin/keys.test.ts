import { describe, expect, it } from 'vitest';
import type { DeveloperKey } from '../../api/index.ts';
import { atKeyCap, confirmsDeactivation, limitFieldValue, MAX_ACTIVE_KEYS, parseLimit, sortKeys } from './keys.ts';

const key = (id: string, patch: Partial<DeveloperKey> = {}): DeveloperKey => ({
  key_id: id,
  label: `Key ${id}`,
  creation_time: `2025-01-0${id}T00:00:00Z`,
  is_deactivated: false,
  ...patch,
});

describe('developer keys', () => {
  it('reads a typed limit: empty is no limit, 0 blocks, separators allowed, nonsense refused', () => {
    expect(parseLimit('')).toEqual({ ok: true, value: null });
    expect(parseLimit('   ')).toEqual({ ok: true, value: null });
    expect(parseLimit('0')).toEqual({ ok: true, value: 0 });
    expect(parseLimit('1,000,000')).toEqual({ ok: true, value: 1_000_000 });
    expect(parseLimit('50 000')).toEqual({ ok: true, value: 50_000 });
    expect(parseLimit('-5')).toEqual({ ok: false, reason: 'negative' });
    expect(parseLimit('1.5')).toEqual({ ok: false, reason: 'not_a_number' });
    expect(parseLimit('ten')).toEqual({ ok: false, reason: 'not_a_number' });
    expect(parseLimit('99999999999999999999')).toEqual({ ok: false, reason: 'too_large' });
  });

  it('shows a limit back in its field', () => {
    expect(limitFieldValue(null)).toBe('');
    expect(limitFieldValue(undefined)).toBe('');
    expect(limitFieldValue(0)).toBe('0');
  });

  it('is at the cap with 25 active keys; deactivated ones do not count', () => {
    const active = Array.from({ length: MAX_ACTIVE_KEYS - 1 }, (_, i) => key(String(i)));
    const gone = key('x', { is_deactivated: true });
    expect(atKeyCap([...active, gone])).toBe(false);
    expect(atKeyCap([...active, key('y')])).toBe(true);
  });

  it('lists active keys newest first, then deactivated ones', () => {
    const sorted = sortKeys([
      key('1'),
      key('2', { is_deactivated: true, deactivated_time: '2025-02-01T00:00:00Z' }),
      key('3'),
      key('4', { is_deactivated: true, deactivated_time: '2025-03-01T00:00:00Z' }),
    ]);
    expect(sorted.map((k) => k.key_id)).toEqual(['3', '1', '4', '2']);
  });

  it('confirms deactivation only with the exact label', () => {
    expect(confirmsDeactivation('CI robot', 'CI robot')).toBe(true);
    expect(confirmsDeactivation('  CI robot ', 'CI robot')).toBe(true);
    expect(confirmsDeactivation('ci robot', 'CI robot')).toBe(false);
    expect(confirmsDeactivation('CI', 'CI robot')).toBe(false);
    expect(confirmsDeactivation('', '')).toBe(false);
  });
});
