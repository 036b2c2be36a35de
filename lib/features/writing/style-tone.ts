import type { Language, Tone, WritingStyle } from '../../api/index.ts';

/** Values from docs/contract.md §D4; which languages take them comes from /v3/languages. */
export const BASE_STYLES = ['simple', 'business', 'academic', 'casual'] as const;
export const BASE_TONES = ['enthusiastic', 'friendly', 'confident', 'diplomatic'] as const;
export type BaseStyle = (typeof BASE_STYLES)[number];
export type BaseTone = (typeof BASE_TONES)[number];

export const WRITING_STYLE_VALUES = [
  'default',
  ...BASE_STYLES,
  'prefer_simple',
  'prefer_business',
  'prefer_academic',
  'prefer_casual',
] as const satisfies readonly WritingStyle[];
export const TONE_VALUES = [
  'default',
  ...BASE_TONES,
  'prefer_enthusiastic',
  'prefer_friendly',
  'prefer_confident',
  'prefer_diplomatic',
] as const satisfies readonly Tone[];

/**
 * What the person chose for a rephrase. One value, so a writing style and a tone can never both be
 * chosen (docs/contract.md §4.5 rule 2).
 */
export type Adjustment = { kind: 'default' } | { kind: 'style'; value: BaseStyle } | { kind: 'tone'; value: BaseTone };

export interface ResolvedAdjustment {
  writingStyle?: WritingStyle;
  tone?: Tone;
  /**
   * Why the prefer_ form is sent, if it is: the chosen language has no such support (`unsupported`), or
   * the language is left to detection, so support is unknown (`unknown`). Either way the service falls
   * back to its default on a language without support (docs/contract.md §4.5 rule 3) instead of failing.
   */
  fallback?: 'unsupported' | 'unknown';
}

/** The request parameters for a choice and a target language (`undefined`: detected by the service). */
export function resolveAdjustment(choice: Adjustment, target: Language | undefined): ResolvedAdjustment {
  if (choice.kind === 'default') return {};
  const feature = choice.kind === 'style' ? 'writing_style' : 'tone';
  const fallback = !target ? 'unknown' : feature in target.features ? undefined : 'unsupported';
  if (choice.kind === 'style') {
    const writingStyle: WritingStyle = fallback ? `prefer_${choice.value}` : choice.value;
    return fallback ? { writingStyle, fallback } : { writingStyle };
  }
  const tone: Tone = fallback ? `prefer_${choice.value}` : choice.value;
  return fallback ? { tone, fallback } : { tone };
}

/** `style:business`, `tone:friendly` or `default`: the value of the one select that offers both. */
export function adjustmentKey(choice: Adjustment): string {
  return choice.kind === 'default' ? 'default' : `${choice.kind}:${choice.value}`;
}

export function parseAdjustmentKey(key: string): Adjustment {
  const [kind, value] = key.split(':');
  if (kind === 'style' && (BASE_STYLES as readonly string[]).includes(value ?? '')) {
    return { kind: 'style', value: value as BaseStyle };
  }
  if (kind === 'tone' && (BASE_TONES as readonly string[]).includes(value ?? '')) {
    return { kind: 'tone', value: value as BaseTone };
  }
  return { kind: 'default' };
}

/**
 * Target languages to offer. The language list does not say which codes rephrase takes; the contract's
 * lists (4.5) show it takes regional variants where they exist (en-GB, en-US, not en), while correct
 * also takes the bare code. So for rephrase a bare code is left out when the list has its variants.
 */
export function writeTargets(languages: readonly Language[], mode: 'correct' | 'rephrase'): Language[] {
  const targets = languages.filter((l) => l.usable_as_target);
  if (mode === 'correct') return targets;
  return targets.filter((l) => l.lang.includes('-') || !targets.some((o) => o.lang.startsWith(`${l.lang}-`)));
}
