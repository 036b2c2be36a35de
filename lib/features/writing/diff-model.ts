import { diffWordsWithSpace } from 'diff';

/** One suggested change: `removed` (at `start..end` of the original) becomes `added`. */
export interface Change {
  id: number;
  start: number;
  end: number;
  removed: string;
  added: string;
}

export type DiffPart = { kind: 'same'; text: string } | { kind: 'change'; change: Change };

/** A replacement in some text: `start..end` becomes `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface WordDiff {
  parts: DiffPart[];
  changes: Change[];
}

/**
 * Word-level diff of the original and the improved text. Adjacent removals and additions form one
 * change, so "teh" -> "the" is a single decision for the person, not two.
 */
export function buildDiff(original: string, improved: string): WordDiff {
  const parts: DiffPart[] = [];
  const changes: Change[] = [];
  let offset = 0;
  let pending: Change | undefined;
  const flush = () => {
    if (!pending) return;
    changes.push(pending);
    parts.push({ kind: 'change', change: pending });
    pending = undefined;
  };
  for (const piece of diffWordsWithSpace(original, improved)) {
    if (!piece.added && !piece.removed) {
      flush();
      parts.push({ kind: 'same', text: piece.value });
      offset += piece.value.length;
      continue;
    }
    pending ??= { id: changes.length, start: offset, end: offset, removed: '', added: '' };
    if (piece.removed) {
      pending.removed += piece.value;
      pending.end += piece.value.length;
      offset += piece.value.length;
    } else {
      pending.added += piece.value;
    }
  }
  flush();
  return { parts, changes };
}

const delta = (c: Change) => c.added.length - (c.end - c.start);

/**
 * Where a change sits in the text that has the `accepted` changes applied. Changes are in text order and
 * never touch (an unchanged part always lies between two), so only earlier accepted ones shift it.
 */
function rangeIn(changes: readonly Change[], accepted: ReadonlySet<number>, change: Change): Edit {
  let shift = 0;
  for (const c of changes) {
    if (c.id >= change.id) break;
    if (accepted.has(c.id)) shift += delta(c);
  }
  const start = change.start + shift;
  return accepted.has(change.id)
    ? { start, end: start + change.added.length, text: change.removed }
    : { start, end: start + (change.end - change.start), text: change.added };
}

/** The original text with exactly the `accepted` changes applied. */
export function textWith(original: string, changes: readonly Change[], accepted: ReadonlySet<number>): string {
  let out = '';
  let at = 0;
  for (const c of changes) {
    if (!accepted.has(c.id)) continue;
    out += original.slice(at, c.start) + c.added;
    at = c.end;
  }
  return out + original.slice(at);
}

/**
 * The edits that take the text with `accepted` applied to the text with `accepted` plus `adding`
 * applied, in the coordinates of the former, last first (so applying them in order keeps offsets valid).
 */
export function editsToAccept(
  changes: readonly Change[],
  accepted: ReadonlySet<number>,
  adding: Iterable<number>,
): Edit[] {
  const wanted = new Set([...adding].filter((id) => !accepted.has(id)));
  return changes
    .filter((c) => wanted.has(c.id))
    .map((c) => rangeIn(changes, accepted, c))
    .reverse();
}

/** The edits that take the text with `accepted` applied back to the original, last first. */
export function editsToRevert(changes: readonly Change[], accepted: ReadonlySet<number>): Edit[] {
  return changes
    .filter((c) => accepted.has(c.id))
    .map((c) => rangeIn(changes, accepted, c))
    .reverse();
}

/** Applies edits given last first (as returned above) to a string. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
