import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { MAX_CUSTOM_INSTRUCTION_CHARS, MAX_CUSTOM_INSTRUCTIONS } from '../api/limits.ts';
import { oneAtATime } from './one-at-a-time.ts';

/**
 * Translation controls for professional use (options, "Translation controls"): custom instructions and
 * a style rule list per target language, a translation memory per language pair, and the newer markup
 * handling. The model per default and per site lives in the preferences and the site rules.
 */

/** The contract counts characters as Unicode code points (`é` and `😀` are one each). */
export const codePoints = (text: string): number => [...text].length;

export const DEFAULT_MEMORY_THRESHOLD = 75;

export const Instruction = z
  .string()
  .trim()
  .min(1)
  .refine((s) => codePoints(s) <= MAX_CUSTOM_INSTRUCTION_CHARS, {
    message: `at most ${MAX_CUSTOM_INSTRUCTION_CHARS} characters`,
  });
export const InstructionList = z.array(Instruction).max(MAX_CUSTOM_INSTRUCTIONS);

/** A style rule list chosen for a target; name and language are kept so no request is needed to check it. */
export const StyleChoice = z.object({
  styleId: z.string().min(1).max(200),
  name: z.string().max(1024).default(''),
  language: z.string().min(2).max(40),
});
export type StyleChoice = z.infer<typeof StyleChoice>;

export const MemoryThreshold = z.number().int().min(0).max(100);

/** A translation memory chosen for a pair, with the languages it covers (checked before each request). */
export const MemoryChoice = z.object({
  memoryId: z.string().min(1).max(200),
  name: z.string().max(1024).default(''),
  sourceLang: z.string().min(2).max(40),
  targetLangs: z.array(z.string().min(2).max(40)).min(1),
  threshold: MemoryThreshold.default(DEFAULT_MEMORY_THRESHOLD),
});
export type MemoryChoice = z.infer<typeof MemoryChoice>;

export const TranslationControls = z.object({
  /** Key: a target code as the service lists it (`de`, `en-GB`). */
  customInstructions: z.record(z.string(), InstructionList).default({}),
  /** Key: a target code as the service lists it. */
  styleRules: z.record(z.string(), StyleChoice).default({}),
  /** Key: `${source}>${target}` in lower-case base codes (`glossaryPairKey`). */
  translationMemories: z.record(z.string(), MemoryChoice).default({}),
  /** Send `tag_handling_version: v2` with markup (pages, selections). */
  tagHandlingV2: z.boolean().default(false),
});
export type TranslationControls = z.infer<typeof TranslationControls>;

export const translationControlsItem = storage.defineItem<TranslationControls>('local:advancedSettings', {
  fallback: TranslationControls.parse({}),
  version: 1,
});

/** Keeps the valid entries of a stored record and drops the others, so one bad entry loses only itself. */
function entriesOf<T extends z.ZodType>(schema: T, value: unknown): Record<string, z.infer<T>> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, z.infer<T>> = {};
  for (const [key, entry] of Object.entries(value)) {
    const parsed = schema.safeParse(entry);
    if (parsed.success) out[key] = parsed.data;
  }
  return out;
}

/** Reads a stored value leniently: damaged entries are dropped one by one, missing fields defaulted. */
export function readTranslationControls(value: unknown): TranslationControls {
  const whole = TranslationControls.safeParse(value);
  if (whole.success) return whole.data;
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return TranslationControls.parse({
    customInstructions: entriesOf(InstructionList, v.customInstructions),
    styleRules: entriesOf(StyleChoice, v.styleRules),
    translationMemories: entriesOf(MemoryChoice, v.translationMemories),
    tagHandlingV2: typeof v.tagHandlingV2 === 'boolean' ? v.tagHandlingV2 : undefined,
  });
}

export async function getTranslationControls(): Promise<TranslationControls> {
  return readTranslationControls(await translationControlsItem.getValue());
}

/** Applies a change and saves it; a change that breaks a rule throws (zod) and nothing is saved. */
/**
 * Reads, changes and writes the settings, one change after another: two quick changes (adding two
 * instructions) each see the other's result instead of overwriting it.
 */
export const updateTranslationControls = oneAtATime(
  async (change: (current: TranslationControls) => TranslationControls): Promise<TranslationControls> => {
    const next = TranslationControls.parse(change(await getTranslationControls()));
    await translationControlsItem.setValue(next);
    return next;
  },
);

/** The translation controls as UI models take them (passed in, so tests can keep them in memory). */
export interface TranslationControlsStore {
  get(): Promise<TranslationControls>;
  update(change: (current: TranslationControls) => TranslationControls): Promise<TranslationControls>;
}

export const translationControlsStore: TranslationControlsStore = {
  get: getTranslationControls,
  update: updateTranslationControls,
};
