import { baseOf, canonicalCode, catalogue, type Language, targetLanguage } from '../data/languages.ts';
import { detectLanguage } from '../engine/detect.ts';
import { improveText, TONES, type Tone, WRITING_STYLES, type WritingStyle } from '../engine/improve.ts';
import { requirePaid } from '../http/auth.ts';
import { list, type Params, readParams, str } from '../http/body.ts';
import type { App } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import type { ServiceState } from '../stores/state.ts';

export const WRITE_BODY_LIMIT = 10 * 1024;

type Mode = 'rephrase' | 'correct';
/** docs/contract.md §4.5: correct also takes the bare `en` and `pt`, rephrase needs the variant. */
const CORRECT_ONLY_TARGETS = new Set(['en', 'pt']);

type Choice<T extends string> = { feature: 'writing_style' | 'tone'; value: T | 'default' | `prefer_${T}` };

function readChoice<T extends string>(
  params: Params,
  feature: 'writing_style' | 'tone',
  values: readonly T[],
): Choice<T> | undefined {
  const value = str(params[feature], feature);
  if (value === undefined) return undefined;
  const allowed = ['default', ...values, ...values.map((v) => `prefer_${v}`)];
  if (!allowed.includes(value)) throw badRequest(`Value for '${feature}' not supported: ${value}`);
  return { feature, value: value as Choice<T>['value'] };
}

/** docs/contract.md §4.5 rule 3: prefer_ values fall back to default, plain ones need the feature. */
function effectiveStyle(
  choice: Choice<WritingStyle> | Choice<Tone> | undefined,
  target: Language,
): WritingStyle | Tone | undefined {
  if (!choice || choice.value === 'default') return undefined;
  const supported = choice.feature in target.features;
  if (choice.value.startsWith('prefer_')) {
    return supported ? (choice.value.slice('prefer_'.length) as WritingStyle | Tone) : undefined;
  }
  if (!supported) throw badRequest(`'${choice.feature}' is not supported for target_lang ${target.lang}`);
  return choice.value as WritingStyle | Tone;
}

function resolveTarget(state: ServiceState, mode: Mode, code: string): Language {
  const target = targetLanguage(state, 'write', code);
  if (!target || (mode === 'rephrase' && CORRECT_ONLY_TARGETS.has(target.lang))) {
    throw badRequest(`Value for 'target_lang' not supported: ${code}`);
  }
  return target;
}

/**
 * Without target_lang the text keeps its language and variant: the target is the detected base
 * language (no variant conversion), with the features any of its variants has.
 */
function implicitTarget(state: ServiceState, base: string): Language {
  const family = catalogue(state).write.filter((l) => l.target && baseOf(l.lang) === base);
  if (family.length === 0) throw badRequest(`Text improvement does not support ${base.toUpperCase()}`);
  const features = Object.assign({}, ...family.map((l) => l.features));
  return { ...family[0]!, lang: base, features };
}

export function register(app: App, state: ServiceState): void {
  for (const mode of ['rephrase', 'correct'] as const) {
    app.post(`/v2/write/${mode}`, requirePaid(), async (c) => {
      const key = c.get('key');
      const params = await readParams(c, WRITE_BODY_LIMIT);
      const texts = list(params.text, 'text') ?? [];
      if (texts.length === 0) throw badRequest("Parameter 'text' is required and must hold at least one text");
      const targetCode = str(params.target_lang, 'target_lang') || undefined;
      const requested = targetCode ? resolveTarget(state, mode, targetCode) : undefined;

      const style = readChoice(params, 'writing_style', WRITING_STYLES);
      const tone = readChoice(params, 'tone', TONES);
      if (mode === 'correct' && (style || tone))
        throw badRequest('/v2/write/correct does not accept writing_style or tone');
      if (style && tone) throw badRequest('Send either writing_style or tone, not both');

      const improvements = texts.map((text, i) => {
        const detected = detectLanguage(text)?.toLowerCase();
        const target = requested ?? implicitTarget(state, detected ?? 'en');
        if (detected && detected !== baseOf(target.lang)) {
          throw badRequest(
            `Text ${i + 1} is in ${detected.toUpperCase()}, but target_lang is ${target.lang}`,
            'Text improvement does not translate: send text in the target language, or use /v2/translate',
          );
        }
        const improved = improveText(text, { mode, target: target.lang, style: effectiveStyle(style ?? tone, target) });
        return {
          text: improved,
          target_language: targetCode ? canonicalCode(targetCode) : target.lang,
          detected_source_language: detected ?? baseOf(target.lang),
        };
      });

      const billed = texts.reduce((sum, t) => sum + [...t].length, 0);
      state.usage.assertQuota(key, billed);
      state.usage.record(key, 'text_improvement', billed, c.get('reportingTag'));
      return c.json({ improvements });
    });
  }
}
