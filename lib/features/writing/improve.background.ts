import { buildCorrectBody, buildRephraseBody } from '../../api/body.ts';
import {
  type ApiClient,
  type CorrectParams,
  isAuthError,
  isBadRequest,
  isFreeKey,
  type RephraseParams,
} from '../../api/index.ts';
import { utf8Length } from '../../api/utf8.ts';
import type { ImproveInput, ImproveResult, WritingTier } from './messages.ts';
import { planWriteRequests } from './paragraphs.ts';

export type WritingErrorCode = 'paid_only' | 'unsupported_language' | 'site_disabled';

/** A writing-specific refusal; its `code` crosses to the content script (see messaging/result.ts). */
export class WritingError extends Error {
  override readonly name = 'WritingError';
  constructor(
    readonly code: WritingErrorCode,
    message: string,
    readonly status?: number,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export function tierOf(apiKey: string): WritingTier {
  if (!apiKey) return 'unconfigured';
  return isFreeKey(apiKey) ? 'free' : 'paid';
}

export function paidOnly(status?: number, detail?: string): WritingError {
  return new WritingError(
    'paid_only',
    'Writing help needs a paid API key: text improvement is not part of the free tier.',
    status,
    detail,
  );
}

type WriteClient = Pick<ApiClient, 'correct' | 'rephrase'>;
type Input = Omit<ImproveInput, 'text'> & { text: string };

/**
 * Improves a field's text: splits it by paragraphs into bodies of at most 10 KiB, sends them one after
 * another (the order of a person's text matters more than speed here), and stitches the results back.
 */
export async function improveWith(client: WriteClient, input: Input): Promise<ImproveResult> {
  const target = input.targetLang || undefined;
  const correct: Omit<CorrectParams, 'text'> = target ? { target_lang: target } : {};
  const rephrase: Omit<RephraseParams, 'text'> = {
    ...correct,
    ...(input.writingStyle ? { writing_style: input.writingStyle } : {}),
    ...(input.tone ? { tone: input.tone } : {}),
  };
  const base =
    input.mode === 'correct'
      ? utf8Length(buildCorrectBody({ ...correct, text: [] }))
      : utf8Length(buildRephraseBody({ ...rephrase, text: [] }));
  const plan = planWriteRequests(input.text, base);
  const results: string[][] = [];
  let detected = '';
  try {
    for (const text of plan.batches) {
      const improvements =
        input.mode === 'correct'
          ? await client.correct({ ...correct, text })
          : await client.rephrase({ ...rephrase, text });
      detected ||= improvements[0]?.detected_source_language ?? '';
      results.push(improvements.map((i) => i.text));
    }
  } catch (e) {
    throw writingErrorFor(e);
  }
  return { text: plan.join(results), detectedSourceLanguage: detected, requests: plan.batches.length };
}

/**
 * Writing refusals worded for what they mean here: a 403 on a write endpoint is the paid-only rule
 * (docs/contract.md §D4). A 400 saying something is not supported, when it is not the style or tone, is
 * about the language (the target, or the detected language of the text): the other parameters of a
 * write request are checked before sending.
 */
export function writingErrorFor(e: unknown): unknown {
  const { status, message, detail } = e as { status?: number; message?: string; detail?: string };
  if (isAuthError(e) && status === 403) return paidOnly(status, message);
  const words = `${message ?? ''} ${detail ?? ''}`;
  if (isBadRequest(e) && /support/i.test(words) && !/writing_style|tone/i.test(words)) {
    return new WritingError('unsupported_language', message ?? 'Language not supported', status, detail);
  }
  return e;
}
