import { z } from 'zod';

/** Configured rules are an open object whose shape the contract does not show (2.10). */
export type ConfiguredRules = Record<string, unknown>;

export interface CustomInstructionInput {
  label: string;
  prompt: string;
  source_language?: string;
}

export interface CreateStyleRuleParams {
  name: string;
  language: string;
  configured_rules?: ConfiguredRules;
  custom_instructions?: CustomInstructionInput[];
}

export interface PatchStyleRuleParams {
  name?: string;
  configured_rules?: ConfiguredRules;
}

/**
 * A custom instruction's identifier is `id` (reference API); `instruction_id` (this contract's first
 * reading) is accepted too. One of them must be there: it is what updates and deletions name.
 */
export const CustomInstruction = z
  .looseObject({
    id: z.string().min(1).optional(),
    instruction_id: z.string().min(1).optional(),
    label: z.string().optional(),
    prompt: z.string().optional(),
    source_language: z.string().optional(),
  })
  .refine((i) => i.id !== undefined || i.instruction_id !== undefined, {
    message: 'A custom instruction needs an id',
    path: ['id'],
  })
  .transform(({ instruction_id, ...i }) => ({ ...i, id: (i.id ?? instruction_id) as string }));
export type CustomInstruction = z.infer<typeof CustomInstruction>;

export const StyleRuleList = z.looseObject({
  style_id: z.string(),
  name: z.string(),
  language: z.string(),
  version: z.number().optional(),
  creation_time: z.string().optional(),
  updated_time: z.string().optional(),
  // The reference mock sends [] for a list without configured rules.
  configured_rules: z
    .preprocess((v) => (Array.isArray(v) && v.length === 0 ? {} : v), z.record(z.string(), z.unknown()))
    .optional(),
  custom_instructions: z.array(CustomInstruction).optional(),
});
export type StyleRuleList = z.infer<typeof StyleRuleList>;

export const StyleRuleLists = z.looseObject({ style_rules: z.array(StyleRuleList) });
