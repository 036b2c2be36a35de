/**
 * Which cues to send next: those from the playhead up to `TARGET_AHEAD_S` seconds of video ahead,
 * asked for in one batch once what is translated ahead falls under half of it. So a request covers
 * ten or more seconds of video, and what is billed but never played stays a few seconds at the end
 * of a viewing or at a seek (`npm run bench:video` measures both).
 */
import { MAX_CUES_PER_BATCH } from './messages.ts';

/** Seconds of video kept translated ahead of the playhead. */
export const TARGET_AHEAD_S = 20;
/** Characters of cue text in one batch at most (well under the contract's request size). */
export const MAX_BATCH_CHARS = 6000;
/** Cues before and after a batch sent as its context. */
export const CONTEXT_CUES = 2;

export interface TimedCue {
  start: number;
  end: number;
  /** Plain text (cues.ts). */
  text: string;
}

/** Where a cue's text stands: `known` when translated (or asked for: it is on its way). */
export type Known = (text: string) => boolean;

/**
 * The indices of the cues to send now (in play order), or none. `cues` are sorted by start. The speed
 * does not widen the window: at 2x a request simply comes twice as often, and nothing more is billed
 * ahead of where the person stops watching.
 */
export function nextBatch(cues: readonly TimedCue[], time: number, known: Known): number[] {
  const end = time + TARGET_AHEAD_S;
  let first = -1;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    if (cue.end <= time || cue.text === '' || known(cue.text)) continue;
    if (cue.start < end) first = i;
    break;
  }
  if (first === -1) return [];
  // Translated far enough ahead: wait, and ask for more in one go later.
  if (cues[first]!.start - time >= TARGET_AHEAD_S / 2) return [];
  const out: number[] = [];
  const seen = new Set<string>();
  let chars = 0;
  for (let i = first; i < cues.length && out.length < MAX_CUES_PER_BATCH; i++) {
    const cue = cues[i]!;
    if (cue.start >= end) break;
    if (cue.text === '' || known(cue.text) || seen.has(cue.text)) continue;
    if (chars + cue.text.length > MAX_BATCH_CHARS && out.length > 0) break;
    seen.add(cue.text);
    chars += cue.text.length;
    out.push(i);
  }
  return out;
}

/** The neighbouring cues of a batch, as the request's context: what was said just before and after. */
export function contextOf(cues: readonly TimedCue[], batch: readonly number[]): string {
  if (batch.length === 0) return '';
  const first = batch[0]!;
  const last = batch[batch.length - 1]!;
  const before = cues.slice(Math.max(0, first - CONTEXT_CUES), first).map((c) => c.text);
  const after = cues.slice(last + 1, last + 1 + CONTEXT_CUES).map((c) => c.text);
  return [...before, ...after].filter(Boolean).join('\n');
}

/** The cue playing at `time`, else the last one before it (-1: none yet). */
export function cueAt(cues: readonly TimedCue[], time: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    if (cues[i]!.start <= time + 1e-3) found = i;
    else break;
  }
  return found;
}
