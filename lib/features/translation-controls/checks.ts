import { MAX_CUSTOM_INSTRUCTION_CHARS, MAX_CUSTOM_INSTRUCTIONS } from '../../api/limits.ts';
import type { ModelType } from '../../settings/schema.ts';
import { codePoints, type TranslationControls } from '../../settings/translation-controls.ts';
import type { QualityReason } from './wording.ts';

/** What the options page checks before it saves, so only valid combinations are ever stored. */

export type InstructionProblem = 'empty' | 'too_long' | 'too_many' | 'duplicate';

/**
 * Why an instruction cannot be added to `existing` (or put in place of the one at `replacing`), if it
 * cannot. Characters are counted as code points, as the contract counts them.
 */
export function instructionProblem(
  text: string,
  existing: readonly string[],
  replacing?: number,
): InstructionProblem | undefined {
  const value = text.trim();
  if (!value) return 'empty';
  if (codePoints(value) > MAX_CUSTOM_INSTRUCTION_CHARS) return 'too_long';
  const others = existing.filter((_, i) => i !== replacing);
  if (replacing === undefined && others.length >= MAX_CUSTOM_INSTRUCTIONS) return 'too_many';
  if (others.some((s) => s === value)) return 'duplicate';
  return undefined;
}

/** A threshold as typed: a whole number from 0 to 100, or undefined when it is not one. */
export function parseThreshold(text: string): number | undefined {
  const value = text.trim();
  if (!/^\d{1,3}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 100 ? n : undefined;
}

/** The saved controls that make the service use its quality-optimised model (docs/contract.md §4.1 rules 4, 5). */
export function qualityReasons(settings: TranslationControls): QualityReason[] {
  const reasons: QualityReason[] = [];
  if (Object.values(settings.customInstructions).some((list) => list.length > 0)) reasons.push('custom_instructions');
  if (Object.keys(settings.styleRules).length > 0) reasons.push('style_rules');
  if (Object.keys(settings.translationMemories).length > 0) reasons.push('translation_memory');
  if (settings.tagHandlingV2) reasons.push('tag_handling_v2');
  return reasons;
}

/** Reasons to explain, when the default model is latency optimised; none otherwise. */
export function forcedQualityReasons(settings: TranslationControls, defaultModel: ModelType | ''): QualityReason[] {
  return defaultModel === 'latency_optimized' ? qualityReasons(settings) : [];
}
