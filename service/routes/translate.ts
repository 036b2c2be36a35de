import { baseOf, canonicalCode, hasFeature, type Language } from '../data/languages.ts';
import { resolveFormality, translateTexts } from '../engine/translate.ts';
import { readParams } from '../http/body.ts';
import type { App } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import type { ServiceState } from '../stores/state.ts';
import { parseTranslateParams } from './translate-params.ts';

export const TRANSLATE_BODY_LIMIT = 128 * 1024;

/** A list's language matches a target by base (`en` serves en-GB) or exactly when it names a variant. */
function languageMatches(listLanguage: string, target: Language): boolean {
  const code = canonicalCode(listLanguage);
  return code.includes('-') ? code === target.lang : code === baseOf(target.lang);
}

export function register(app: App, state: ServiceState): void {
  app.post('/v2/translate', async (c) => {
    const key = c.get('key');
    const p = parseTranslateParams(state, await readParams(c, TRANSLATE_BODY_LIMIT));
    const formality = resolveFormality(state, 'translate_text', p.target.lang, p.formality);

    let glossary: Array<[string, string]> = [];
    if (p.glossaryId && p.source) {
      const lacking = [p.source, p.target].find((l) => !hasFeature(l, 'glossary'));
      if (lacking) throw badRequest(`Glossaries are not supported for ${lacking.lang}`);
      glossary = state.glossaries.entries(key.accountId, p.glossaryId, p.source.lang, p.target.lang);
    }
    if (p.styleId) {
      const list = state.styleRules.ref(key.accountId, p.styleId);
      if (!languageMatches(list.language, p.target)) {
        throw badRequest(
          `The style rule list's language (${list.language}) does not match target_lang ${p.target.lang}`,
        );
      }
    }
    if (p.translationMemoryId) {
      const memory = state.memories.find(key.accountId, p.translationMemoryId);
      const targets = memory.target_languages.map(baseOf);
      if (!targets.includes(baseOf(p.target.lang)) || (p.source && baseOf(memory.source_language) !== p.source.lang)) {
        throw badRequest("The translation memory's language pair does not match the request");
      }
    }

    const results = translateTexts(state, {
      texts: p.texts,
      targetLang: p.target.lang,
      sourceLang: p.source?.lang,
      formality,
      glossary,
      tagHandling: p.tagHandling,
      splitSentences: p.splitSentences,
      preserveFormatting: p.preserveFormatting,
    });
    const billed = results.reduce((sum, r) => sum + r.billedCharacters, 0);
    state.usage.assertQuota(key, billed);
    state.usage.record(key, 'text_translation', billed, c.get('reportingTag'));
    // Taken only once the request is sure to succeed, so a rejected request leaves the fault armed.
    const inject = state.control.takeInjection(c.req.path, c.req.method) ?? '';

    const modelTypeUsed = p.nextGen ? 'quality_optimized' : 'latency_optimized';
    return c.json({
      translations: results.map((r) => ({
        detected_source_language: r.detectedSourceLanguage,
        text: inject + r.text,
        ...(p.showBilledCharacters ? { billed_characters: r.billedCharacters } : {}),
        ...(p.modelType ? { model_type_used: modelTypeUsed } : {}),
      })),
    });
  });
}
