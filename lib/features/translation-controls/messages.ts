import { z } from 'zod';
import type { StyleRuleList, TranslationMemory } from '../../api/index.ts';
import { defineMessage } from '../../messaging/define.ts';

/** Which glossary a translation uses: the pair's default, none, or a chosen one (needs a source). */
export const GlossaryChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('default') }),
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('id'), id: z.string().min(1).max(200) }),
]);
export type GlossaryChoice = z.infer<typeof GlossaryChoice>;

/** The service's lists the options page picks from ("Translation controls"). */
export const translationControlsMessages = {
  /** `GET /v3/style_rules`: every style rule list of the account, with its language. */
  'advanced.styleRules': defineMessage<StyleRuleList[]>()('pages', z.object({}).optional()),
  /** `GET /v3/translation_memories`: every translation memory of the account, with its languages. */
  'advanced.translationMemories': defineMessage<TranslationMemory[]>()('pages', z.object({}).optional()),
};
