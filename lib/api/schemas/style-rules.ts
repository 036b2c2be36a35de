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

export const CustomInstruction = z.looseObject({
  instruction_id: z.string(),
  label: z.string().optional(),
  prompt: z.string().optional(),
  source_language: z.string().optional(),
});
export type CustomInstruction = z.infer<typeof CustomInstruction>;

export const StyleRuleList = z.looseObject({
  style_id: z.string(),
  name: z.string(),
  language: z.string(),
  version: z.number().optional(),
  creation_time: z.string().optional(),
  updated_time: z.string().optional(),
  configured_rules: z.record(z.string(), z.unknown()).optional(),
  custom_instructions: z.array(CustomInstruction).optional(),
});
export type StyleRuleList = z.infer<typeof StyleRuleList>;

export const StyleRuleLists = z.looseObject({ style_rules: z.array(StyleRuleList) });
