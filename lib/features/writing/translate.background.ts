import type { ApiClient } from '../../api/index.ts';
import { runTextJob } from '../../translate-text/index.ts';
import { resolveTranslateParams } from '../translation-controls/params.background.ts';
import type { TypedTranslation } from './messages.ts';

type TranslateClient = Pick<ApiClient, 'translate'>;

/**
 * "Translate what I type": one sentence into the site's chosen target, with the parameters every other
 * translation gets (the site's formality and model, glossaries, instructions: the one resolver). The
 * source is left to detection.
 */
export async function translateTyped(
  client: TranslateClient,
  text: string,
  targetLang: string,
  host: string | undefined,
): Promise<TypedTranslation> {
  const out = await runTextJob(
    { texts: [text] },
    {
      translate: (params) => client.translate(params),
      paramsFor: async (source) =>
        (
          await resolveTranslateParams({
            feature: 'writing',
            targetLang,
            ...(host ? { host } : {}),
            ...(source ? { sourceLang: source } : {}),
          })
        ).params,
    },
  );
  return { text: out.texts[0] ?? '', targetLang, detectedSource: out.detectedSource };
}
