import { jsonStringContentBytes } from '../../api/body.ts';
import { cutToFit } from '../../api/cut.ts';
import { invalidRequest, MAX_WRITE_BODY_BYTES } from '../../api/limits.ts';
import { checkAnswerShape } from '../../api/split.ts';

/** A piece of text sent for improvement, and the original whitespace after it (kept, not sent). */
interface Unit {
  text: string;
  after: string;
}

export interface WritePlan {
  /** The `text` list of each request, in order (one entry each: a run of whole paragraphs). */
  batches: string[][];
  /** The whole improved text from the results of every batch (same shape as `batches`). */
  join(results: ReadonlyArray<ReadonlyArray<string>>): string;
}

/**
 * Plans the requests that improve `text` within the write body limit (docs/contract.md §8: 10 KiB, measured on
 * the encoded body). A text that fits is sent whole, as one entry, so the service sees all of it
 * (language detection and rewording need context). A longer one is cut between paragraphs (runs of
 * whitespace holding a newline) into as few runs as fit, one request each; `join` stitches the results
 * back in order with the whitespace at the cuts as it was. A paragraph too large for a request on its
 * own is cut by the client's cutter (`cutToFit`): between sentences, then words, then characters.
 *
 * `baseBytes` is the size of the request body with an empty `text` list (the other parameters).
 */
export function planWriteRequests(text: string, baseBytes: number, maxBytes = MAX_WRITE_BODY_BYTES): WritePlan {
  // Room for the content of the one entry of a request (its quotes take two bytes).
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
    if (core) {
      const { pieces, seps } = cutToFit(core, room);
      units.push(...pieces.map((piece, j) => ({ text: piece, after: seps[j] ?? '' })));
    }
    addSpace(trail);
  }

  // Consecutive units joined with the whitespace between them while the entry fits (JSON escaping is
  // per character, so sizes add up).
  const runs: Unit[] = [];
  let size = 0;
  for (const unit of units) {
    const current = runs.at(-1);
    const cost = jsonStringContentBytes(current ? current.after + unit.text : unit.text);
    if (current && size + cost <= room) {
      current.text += current.after + unit.text;
      current.after = unit.after;
      size += cost;
    } else {
      runs.push({ ...unit });
      size = cost;
    }
  }
  const batches = runs.map((run) => [run.text]);

  return {
    batches,
    join(results) {
      checkAnswerShape(batches, results);
      return lead + runs.map((run, i) => `${results[i]?.[0] ?? ''}${run.after}`).join('');
    },
  };
}
