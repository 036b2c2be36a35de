import type { Usage } from '../../api/index.ts';

/** The reference service reports a key without a limit as 10^12 characters; anything that large is no limit. */
export const UNLIMITED_FROM = 1_000_000_000_000;
export const WARN_RATIO = 0.8;

export type MeterLevel = 'ok' | 'warn' | 'full';

export interface MeterRow {
  id: 'key' | 'account' | 'speech';
  used: number;
  /** null: no limit. */
  limit: number | null;
  /** used / limit, or null without a limit. */
  ratio: number | null;
  level: MeterLevel;
  unit: 'characters' | 'milliseconds';
}

const limitOf = (value: number | null | undefined) =>
  value === null || value === undefined || value >= UNLIMITED_FROM ? null : value;

/** 80 % and more: warn (the service e-mails developers then); 100 % or a limit of 0: full (456 follows). */
export function levelOf(used: number, limit: number | null): MeterLevel {
  if (limit === null) return 'ok';
  if (limit <= 0 || used >= limit) return 'full';
  return used / limit >= WARN_RATIO ? 'warn' : 'ok';
}

function row(id: MeterRow['id'], used: number, rawLimit: number | null | undefined, unit: MeterRow['unit']): MeterRow {
  const limit = limitOf(rawLimit);
  return { id, used, limit, ratio: limit ? used / limit : limit === 0 ? 1 : null, level: levelOf(used, limit), unit };
}

/**
 * The meters `/v2/usage` allows: the key's own (paid keys), the account's, and speech-to-text where
 * it has a real limit. Free keys only report the account.
 */
export function meterRows(usage: Usage): MeterRow[] {
  const rows: MeterRow[] = [];
  if (usage.api_key_character_count !== undefined) {
    rows.push(row('key', usage.api_key_character_count, usage.api_key_character_limit, 'characters'));
  }
  rows.push(row('account', usage.character_count, usage.character_limit, 'characters'));
  const speechLimit = limitOf(usage.speech_to_text_milliseconds_limit);
  if (speechLimit !== null) {
    rows.push(row('speech', usage.speech_to_text_milliseconds_count ?? 0, speechLimit, 'milliseconds'));
  }
  return rows;
}

/** Percent for people: floored, so 99.6 % never reads as a full 100 %. */
export const percentOf = (ratio: number) => Math.min(100, Math.floor(ratio * 100));

export function worstLevel(rows: readonly MeterRow[]): MeterLevel {
  if (rows.some((r) => r.level === 'full')) return 'full';
  return rows.some((r) => r.level === 'warn') ? 'warn' : 'ok';
}
