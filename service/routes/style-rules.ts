import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { sourceLanguage, targetLanguage } from '../data/languages.ts';
import { readParams } from '../http/body.ts';
import type { App, AppEnv } from '../http/env.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { ServiceState } from '../stores/state.ts';
import type { CustomInstruction, StyleRuleList } from '../stores/style-rules.ts';

/** Style rule lists and their custom instructions (`/v3/style_rules`, docs/local-service.md); the lists live in `state.styleRules`. */

const BODY_LIMIT = 256 * 1024;
/** As for the `custom_instructions` translate parameter (docs/contract.md §4.1). */
const MAX_PROMPT_CHARACTERS = 300;

const Name = z.string({ error: 'name is required' }).trim().min(1, 'name must not be empty').max(1024);
const Rules = z.record(z.string(), z.record(z.string(), z.string()), {
  error: 'configured_rules must be an object of rule categories, each mapping rules to values',
});
const InstructionInput = z.object({
  label: z.string({ error: 'label is required' }).trim().min(1, 'label must not be empty').max(1024),
  prompt: z
    .string({ error: 'prompt is required' })
    .min(1, 'prompt must not be empty')
    .refine((p) => [...p].length <= MAX_PROMPT_CHARACTERS, `prompt is at most ${MAX_PROMPT_CHARACTERS} characters`),
  source_language: z.string().optional(),
});
const CreateInput = z.object({
  name: Name,
  language: z.string({ error: 'language is required' }),
  configured_rules: Rules.optional(),
  custom_instructions: z.array(InstructionInput).optional(),
});

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'body';
  throw badRequest(`Invalid parameter '${where}'`, issue?.message);
}

function listLanguage(state: ServiceState, code: string): string {
  const language = targetLanguage(state, 'style_rules', code);
  if (!language) throw badRequest(`Style rules are not available for language '${code}'`);
  return language.lang;
}

function instruction(
  state: ServiceState,
  input: z.infer<typeof InstructionInput>,
  id: string = randomUUID(),
): CustomInstruction {
  const out: CustomInstruction = { id, label: input.label, prompt: input.prompt };
  if (input.source_language !== undefined) {
    const source = sourceLanguage(state, 'translate_text', input.source_language);
    if (!source) throw badRequest(`Unsupported source_language '${input.source_language}'`);
    out.source_language = source.lang;
  }
  return out;
}

function findInstruction(list: StyleRuleList, id: string): CustomInstruction {
  const found = list.custom_instructions.find((i) => i.id === id);
  if (!found) throw notFound(`Custom instruction '${id}' not found in style rule list '${list.style_id}'`);
  return found;
}

const accountOf = (c: Context<AppEnv>) => c.get('account').id;
const listOf = (state: ServiceState, c: Context<AppEnv>) =>
  state.styleRules.find(accountOf(c), c.req.param('id') ?? '');

export function register(app: App, state: ServiceState): void {
  app.get('/v3/style_rules', (c) => c.json({ style_rules: [...state.styleRules.listsOf(accountOf(c)).values()] }));

  app.post('/v3/style_rules', async (c) => {
    const input = parse(CreateInput, await readParams(c, BODY_LIMIT));
    const now = state.now().toISOString();
    const list: StyleRuleList = {
      style_id: randomUUID(),
      name: input.name,
      language: listLanguage(state, input.language),
      version: 1,
      creation_time: now,
      updated_time: now,
      configured_rules: input.configured_rules ?? {},
      custom_instructions: (input.custom_instructions ?? []).map((i) => instruction(state, i)),
    };
    state.styleRules.listsOf(accountOf(c)).set(list.style_id, list);
    return c.json(list, 201);
  });

  app.get('/v3/style_rules/:id', (c) => c.json(listOf(state, c)));

  app.patch('/v3/style_rules/:id', async (c) => {
    const list = listOf(state, c);
    const input = parse(
      z.object({ name: Name.optional(), configured_rules: Rules.optional() }),
      await readParams(c, BODY_LIMIT),
    );
    if (input.name === undefined && input.configured_rules === undefined)
      throw badRequest("Nothing to change: send 'name' and/or 'configured_rules'");
    if (input.name !== undefined) list.name = input.name;
    if (input.configured_rules !== undefined) list.configured_rules = input.configured_rules;
    state.styleRules.touch(list);
    return c.json(list);
  });

  app.delete('/v3/style_rules/:id', (c) => {
    const list = listOf(state, c);
    state.styleRules.listsOf(accountOf(c)).delete(list.style_id);
    return c.body(null, 204);
  });

  app.put('/v3/style_rules/:id/configured_rules', async (c) => {
    const list = listOf(state, c);
    list.configured_rules = parse(Rules, await readParams(c, BODY_LIMIT));
    state.styleRules.touch(list);
    return c.json(list);
  });

  app.post('/v3/style_rules/:id/custom_instructions', async (c) => {
    const list = listOf(state, c);
    const created = instruction(state, parse(InstructionInput, await readParams(c, BODY_LIMIT)));
    list.custom_instructions.push(created);
    state.styleRules.touch(list);
    return c.json(created, 201);
  });

  app.get('/v3/style_rules/:id/custom_instructions/:instructionId', (c) =>
    c.json(findInstruction(listOf(state, c), c.req.param('instructionId'))),
  );

  app.put('/v3/style_rules/:id/custom_instructions/:instructionId', async (c) => {
    const list = listOf(state, c);
    const existing = findInstruction(list, c.req.param('instructionId'));
    const replaced = instruction(state, parse(InstructionInput, await readParams(c, BODY_LIMIT)), existing.id);
    list.custom_instructions = list.custom_instructions.map((i) => (i === existing ? replaced : i));
    state.styleRules.touch(list);
    return c.json(replaced);
  });

  app.delete('/v3/style_rules/:id/custom_instructions/:instructionId', (c) => {
    const list = listOf(state, c);
    const existing = findInstruction(list, c.req.param('instructionId'));
    list.custom_instructions = list.custom_instructions.filter((i) => i !== existing);
    state.styleRules.touch(list);
    return c.body(null, 204);
  });
}
