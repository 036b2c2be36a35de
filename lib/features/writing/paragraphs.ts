import { jsonStringContentBytes } from '../../api/body.ts';
import { ApiError } from '../../api/errors.ts';
import { invalidRequest, MAX_WRITE_BODY_BYTES } from '../../api/limits.ts';

/** A piece of text sent for improvement, and the original whitespace after it (kept, not sent). */
interface Unit {
  text: string;
  after: string;
}

export interface WritePlan {
  /** The `text` list of each request, in order. */
  batches: string[][];
  /** The whole improved text from the results of every batch (same shape as `batches`). */
  join(results: ReadonlyArray<ReadonlyArray<string>>): string;
}

/**
 * Plans the requests that improve `text` within the write body limit: one entry per paragraph (runs of
 * whitespace holding a newline separate them), packed into as few requests as fit. The whitespace
 * between paragraphs is never sent, so the service cannot merge paragraphs or eat blank lines, and
 * `join` puts it back exactly. A paragraph too large for a request on its own is cut between sentences,
 * then words, then characters.
 *
 * `baseBytes` is the size of the request body with an empty `text` list (the other parameters).
 */
export function planWriteRequests(text: string, baseBytes: number, maxBytes = MAX_WRITE_BODY_BYTES): WritePlan {
  // Room for one entry's content when it is alone in a request (its quotes take two bytes).
  const room = maxBytes - baseBytes - 2;
  if (room < 8) throw invalidRequest('The request parameters leave no room for text within the write body limit');

  let lead = '';
  const units: Unit[] = [];
  const addSpace = (space: string) => {
    const last = units.at(-1);
    if (last) last.after += space;
    else lead += space;
  };
  for (const [i, chunk] of text.split(/(\s*\n\s*)/).entries()) {
    if (i % 2 === 1) {
      addSpace(chunk);
      continue;
    }
    const [, before = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(chunk) ?? [];
    addSpace(before);
    if (core) units.push(...cut(core, room, 0));
    addSpace(trail);
  }

  const batches: string[][] = [];
  let size = 0;
  for (const unit of units) {
    const cost = jsonStringContentBytes(unit.text) + 2;
    const current = batches.at(-1);
    if (current && size + 1 + cost <= maxBytes) {
      current.push(unit.text);
      size += 1 + cost;
    } else {
      batches.push([unit.text]);
      size = baseBytes + cost;
    }
  }

  return {
    batches,
    join(results) {
      if (results.length !== batches.length || results.some((r, i) => r.length !== batches[i]?.length)) {
        throw new ApiError({
          code: 'invalid_response',
          message: 'The service returned a different number of texts than were sent',
        });
      }
      const flat = results.flat();
      return lead + units.map((u, i) => `${flat[i]}${u.after}`).join('');
    },
  };
}

const LEVELS = ['sentence', 'word', 'codepoint'] as const;

function tokens(text: string, level: (typeof LEVELS)[number]): string[] {
  if (level === 'codepoint') return [...text];
  if (level === 'word') return text.match(/\S+\s*/g) ?? [text];
  return [...new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(text)].map((s) => s.segment);
}

/** Greedy packing of `text`'s tokens into pieces whose JSON content fits `room`; too-large tokens go a level down. */
function cut(text: string, room: number, level: number): Unit[] {
  if (jsonStringContentBytes(text) <= room) return [{ text, after: '' }];
  const name = LEVELS[level];
  if (!name) throw invalidRequest('A single character is larger than the write body limit');
  const out: Unit[] = [];
  let piece = '';
  const flush = () => {
    if (!piece) return;
    const trimmed = piece.trimEnd();
    const last = out.at(-1);
    if (!trimmed && last) last.after += piece;
    else out.push({ text: trimmed, after: piece.slice(trimmed.length) });
    piece = '';
  };
  for (const token of tokens(text, name)) {
    if (jsonStringContentBytes((piece + token).trimEnd()) <= room) {
      piece += token;
      continue;
    }
    flush();
    if (jsonStringContentBytes(token.trimEnd()) <= room) {
      piece = token;
      continue;
    }
    const body = token.trimEnd();
    const sub = cut(body, room, level + 1);
    const last = sub.at(-1);
    if (last) last.after += token.slice(body.length);
    out.push(...sub);
  }
  flush();
  return out;
}
