import type { Language } from '../../api/index.ts';
import { baseOf, hasFeature, sameCode, targetOptions } from '../../languages/index.ts';

/**
 * Which style rule lists and translation memories fit a request. Shared by the options page (what it
 * offers) and the resolver (what it sends), so both say the same thing.
 */

/**
 * A style rule list serves a target of its base language (`en` serves en-GB and en-US); a list made for a
 * variant (`en-GB`) serves that variant only.
 */
export function styleListFits(listLanguage: string, target: string): boolean {
  if (!listLanguage || !target) return false;
  if (listLanguage.includes('-')) return sameCode(listLanguage, target);
  return baseOf(listLanguage) === baseOf(target);
}

export interface MemoryLanguages {
  sourceLang: string;
  targetLangs: readonly string[];
}

/** A translation memory serves a pair when its source is the pair's and one of its targets the target's. */
export function memoryFits(memory: MemoryLanguages, source: string, target: string): boolean {
  if (!source || !target) return false;
  return baseOf(memory.sourceLang) === baseOf(source) && memory.targetLangs.some((t) => baseOf(t) === baseOf(target));
}

/**
 * Whether custom instructions and style rule lists can be used with a target (`features.style_rules`).
 * An empty list means "not known yet": then the choice made in the options, where only supporting
 * targets are offered, is trusted.
 */
export function takesStyleRules(target: string, languages: readonly Language[]): boolean {
  return languages.length === 0 || hasFeature(target, languages, 'style_rules');
}

/** Targets that take custom instructions and style rule lists, by name. */
export function styleRuleTargets(languages: readonly Language[]): Language[] {
  return targetOptions(languages).filter((l) => 'style_rules' in l.features);
}
