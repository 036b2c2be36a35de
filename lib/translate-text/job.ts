import type { TranslateParams, TranslationResult } from '../api/index.ts';
import { type SplitLimits, splitForLimits } from '../api/split.ts';

export interface TextJob {
  texts: string[];
  /** Absent: the service detects it. */
  sourceLang?: string;
}

export interface TextJobResult {
  texts: string[];
  /** As the service reports it (upper case); the language of most characters when texts disagree. */
  detectedSource: string;
  /** The source sent with the final requests, if any. */
  sourceLang?: string;
  glossaryId?: string;
  /** `model_type_used` as the service reports it; present when a model type was sent. */
  modelTypeUsed?: string;
  /** Requests sent, detection included. */
  requests: number;
}

export interface TextJobDeps {
  translate(params: TranslateParams): Promise<TranslationResult[]>;
  /**
   * The parameters for a source (undefined: to be detected), glossary included when one applies
   * (lib/features/translation-controls/params.background.ts). Asked again with the detected source, to learn whether a
   * glossary applies to the detected pair.
   */
  paramsFor(source: string | undefined): Promise<Params>;
  limits?: SplitLimits;
}

type Params = Omit<TranslateParams, 'text'>;

/** The detected language carrying the most characters. */
export function mainLanguage(results: readonly TranslationResult[], texts: readonly string[]): string {
  const weight = new Map<string, number>();
  results.forEach((r, i) => {
    const code = r.detected_source_language;
    weight.set(code, (weight.get(code) ?? 0) + (texts[i]?.length ?? 0) + 1);
  });
  let best = '';
  let most = -1;
  for (const [code, w] of weight) if (w > most) [best, most] = [code, w];
  return best;
}

/** The model the service reports for a set of results (all requests of a job share their parameters). */
const modelUsed = (results: readonly TranslationResult[]) => results.find((r) => r.model_type_used)?.model_type_used;

/**
 * Translates texts within the contract's limits (50 texts and 128 KiB per request: longer input is
 * packed and cut by splitForLimits and joined back in order), with the pair's glossary.
 *
 * A glossary needs a known source. When the source must be detected, the first request goes out
 * without one; only if a glossary applies to the detected pair is the text sent again with it.
 * Otherwise the remaining requests simply continue, so detection costs nothing extra.
 */
export async function runTextJob(job: TextJob, deps: TextJobDeps): Promise<TextJobResult> {
  let requests = 0;
  const run = async (params: Params, skip: TranslationResult[] = []) => {
    const plan = splitForLimits(job.texts, params, deps.limits);
    const results: TranslationResult[][] = skip.length > 0 ? [skip] : [];
    for (const batch of plan.batches.slice(results.length)) {
      requests++;
      results.push(await deps.translate({ ...params, text: batch }));
    }
    const flat = results.flat();
    const model = modelUsed(flat);
    return {
      texts: plan.join(results.map((r) => r.map((t) => t.text))),
      detectedSource: mainLanguage(flat, plan.batches.flat()),
      ...(model ? { modelTypeUsed: model } : {}),
      ...(params.source_lang ? { sourceLang: params.source_lang } : {}),
      ...(params.glossary_id ? { glossaryId: params.glossary_id } : {}),
    };
  };

  if (job.sourceLang) {
    const out = await run(await deps.paramsFor(job.sourceLang));
    return { ...out, requests };
  }

  const base = await deps.paramsFor(undefined);
  const first = splitForLimits(job.texts, base, deps.limits).batches[0] ?? [];
  requests++;
  const firstResults = await deps.translate({ ...base, text: first });
  const detected = mainLanguage(firstResults, first);
  const again = detected ? await deps.paramsFor(detected.toLowerCase()) : undefined;
  if (!again?.glossary_id) return { ...(await run(base, firstResults)), requests };
  return { ...(await run(again)), requests };
}
