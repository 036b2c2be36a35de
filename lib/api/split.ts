import { jsonStringContentBytes, measureTranslateBody } from './body.ts';
import { cutToFit } from './cut.ts';
import { ApiError } from './errors.ts';
import { invalidRequest, MAX_TEXTS, MAX_TRANSLATE_BODY_BYTES } from './limits.ts';
import type { TranslateParams } from './translate-params.ts';

export interface SplitLimits {
  maxTexts: number;
  maxBytes: number;
}

export interface SplitPlan {
  /** The `text` of each request, in order. */
  batches: string[][];
  /** For each entry of each batch, the index of the input text it comes from. */
  owners: number[][];
  /** One string per input text, in input order, from the results of every batch (same shape as `batches`). */
  join(results: ReadonlyArray<ReadonlyArray<string>>): string[];
}

/** Refuses answers that do not hold one text per text sent, request by request (`invalid_response`). */
export function checkAnswerShape(
  batches: ReadonlyArray<ReadonlyArray<string>>,
  results: ReadonlyArray<ReadonlyArray<string>>,
): void {
  if (results.length !== batches.length || results.some((r, i) => r.length !== batches[i]?.length)) {
    throw new ApiError({
      code: 'invalid_response',
      message: 'The service returned a different number of texts than were sent',
    });
  }
}

/**
 * Packs texts into as few requests as the limits allow (50 texts, 128 KiB of exact body with `params`).
 * A text that cannot fit one request on its own is cut at sentence boundaries, then at whitespace, then
 * between characters; `join` puts the translated pieces back together with the original whitespace.
 */
export function splitForLimits(
  texts: readonly string[],
  params: Omit<TranslateParams, 'text'>,
  limits: SplitLimits = { maxTexts: MAX_TEXTS, maxBytes: MAX_TRANSLATE_BODY_BYTES },
): SplitPlan {
  const base = measureTranslateBody({ ...params, text: [] });
  // Room for the content of one string in a request of its own ("" and the quotes are in `base + 2`).
  const room = limits.maxBytes - base - 2;
  // Six bytes: the largest single character (an escaped control character or lone surrogate).
  if (room < 6) {
    throw invalidRequest('The other parameters (context, instructions...) leave no room for text within 128 KiB');
  }
  const cuts = texts.map((text) => cutToFit(text, room));

  const batches: string[][] = [];
  const owners: number[][] = [];
  let size = 0;
  cuts.forEach((cut, owner) => {
    for (const piece of cut.pieces) {
      const cost = jsonStringContentBytes(piece) + 2;
      const current = batches.at(-1);
      if (current && current.length < limits.maxTexts && size + 1 + cost <= limits.maxBytes) {
        current.push(piece);
        owners.at(-1)?.push(owner);
        size += 1 + cost;
      } else {
        batches.push([piece]);
        owners.push([owner]);
        size = base + cost;
      }
    }
  });

  return {
    batches,
    owners,
    join(results) {
      checkAnswerShape(batches, results);
      const flat = results.flat();
      let next = 0;
      return cuts.map((cut) => cut.lead + cut.pieces.map((_, i) => `${flat[next++]}${cut.seps[i]}`).join(''));
    },
  };
}
