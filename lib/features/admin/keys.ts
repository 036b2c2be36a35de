import type { DeveloperKey } from '../../api/index.ts';

/** docs/contract.md §4.6 rule 2 and §8: at most 25 developer keys are active at the same time. */
export const MAX_ACTIVE_KEYS = 25;
/** docs/contract.md §4.6 rule 1: the label of a key created without one. */
export const DEFAULT_KEY_LABEL = 'Service API Key';

export const activeKeys = (keys: readonly DeveloperKey[]) => keys.filter((k) => !k.is_deactivated);
export const deactivatedKeys = (keys: readonly DeveloperKey[]) => keys.filter((k) => k.is_deactivated);

/** Active keys first (newest first), then deactivated ones (most recently deactivated first). */
export function sortKeys(keys: readonly DeveloperKey[]): DeveloperKey[] {
  // Active keys carry deactivated_time null (the reference default) or none at all.
  const newest = (a?: string | null, b?: string | null) => (b ?? '').localeCompare(a ?? '');
  return [
    ...activeKeys(keys).sort((a, b) => newest(a.creation_time, b.creation_time)),
    ...deactivatedKeys(keys).sort((a, b) => newest(a.deactivated_time, b.deactivated_time)),
  ];
}

export const atKeyCap = (keys: readonly DeveloperKey[]) => activeKeys(keys).length >= MAX_ACTIVE_KEYS;

export type LimitInput =
  | { ok: true; value: number | null }
  | { ok: false; reason: 'not_a_number' | 'negative' | 'too_large' };

/**
 * A limit typed by a person: empty is no limit (null), 0 blocks the key, else a whole number. Digit
 * group separators (spaces, commas, underscores) are allowed, as people write large numbers with them.
 */
export function parseLimit(text: string): LimitInput {
  const clean = text.trim().replace(/[\s,_]/g, '');
  if (clean === '') return { ok: true, value: null };
  if (/^-\d+$/.test(clean)) return { ok: false, reason: 'negative' };
  if (!/^\d+$/.test(clean)) return { ok: false, reason: 'not_a_number' };
  const value = Number(clean);
  if (!Number.isSafeInteger(value)) return { ok: false, reason: 'too_large' };
  return { ok: true, value };
}

/** The value to put back into a limit field: empty for no limit. */
export const limitFieldValue = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** Deactivation is confirmed by typing the key's label exactly (spaces around it do not count). */
export const confirmsDeactivation = (typed: string, label: string) =>
  typed.trim() === label.trim() && typed.trim() !== '';
