import type { Formality, TranslateParams, TranslationResult } from '../../api/index.ts';
import { type SplitLimits, splitForLimits } from '../../api/split.ts';
import type { GlossaryChoice } from './messages.ts';

export interface TextJob {
  texts: string[];
  targetLang: string;
  /** Absent: the service detects it. */
  sourceLang?: string;
  formality?: Formality;
  /** Not billed; sent with every request of the job. */
  context?: string;
  tagHandling?: 'html';
  glossary: GlossaryChoice;
}

export interface TextJobResult {
  texts: string[];
  /** As the service reports it (upper case); the language of most characters when texts disagree. */
  detectedSource: string;
  /** The source sent with the final requests, if any. */
  sourceLang?: string;
  glossaryId?: string;
  /** Requests sent, detection included. */
  requests: number;
}

export interface TextJobDeps {
  translate(params: TranslateParams): Promise<TranslationResult[]>;
  /** The default glossary for a pair, when one is set and both languages support glossaries. */
  defaultGlossary(source: string, target: string): Promise<string | undefined>;
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

/**
 * Translates texts within the contract's limits (50 texts and 128 KiB per request: longer input is
 * packed and cut by splitForLimits and joined back in order), with the pair's glossary.
 *
 * A glossary needs a known source. When the source must be detected, the first request goes out
 * without one; only if a default glossary exists for the detected pair is the text sent again with
 * it. Otherwise the remaining requests simply continue, so detection costs nothing extra.
 */
export async function runTextJob(job: TextJob, deps: TextJobDeps): Promise<TextJobResult> {
  const base: Params = {
    target_lang: job.targetLang,
    ...(job.formality && job.formality !== 'default' ? { formality: job.formality } : {}),
    ...(job.context ? { context: job.context } : {}),
    ...(job.tagHandling ? { tag_handling: job.tagHandling } : {}),
  };
  let requests = 0;
  const run = async (params: Params, skip: TranslationResult[] = []) => {
    const plan = splitForLimits(job.texts, params, deps.limits);
    const results: TranslationResult[][] = skip.length > 0 ? [skip] : [];
    for (const batch of plan.batches.slice(results.length)) {
      requests++;
      results.push(await deps.translate({ ...params, text: batch }));
    }
    const flat = results.flat();
    return {
      texts: plan.join(results.map((r) => r.map((t) => t.text))),
      detectedSource: mainLanguage(flat, plan.batches.flat()),
    };
  };

  const source = job.sourceLang;
  if (source || job.glossary.kind !== 'default') {
    const glossaryId =
      job.glossary.kind === 'id'
        ? job.glossary.id
        : job.glossary.kind === 'default' && source
          ? await deps.defaultGlossary(source, job.targetLang)
          : undefined;
    const params = {
      ...base,
      ...(source ? { source_lang: source } : {}),
      ...(glossaryId ? { glossary_id: glossaryId } : {}),
    };
    const out = await run(params);
    return { ...out, ...(source ? { sourceLang: source } : {}), ...(glossaryId ? { glossaryId } : {}), requests };
  }

  const first = splitForLimits(job.texts, base, deps.limits).batches[0] ?? [];
  requests++;
  const firstResults = await deps.translate({ ...base, text: first });
  const detected = mainLanguage(firstResults, first);
  const glossaryId = detected ? await deps.defaultGlossary(detected, job.targetLang) : undefined;
  if (!glossaryId) return { ...(await run(base, firstResults)), requests };
  const sourceLang = detected.toLowerCase();
  const out = await run({ ...base, source_lang: sourceLang, glossary_id: glossaryId });
  return { ...out, sourceLang, glossaryId, requests };
}
