import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { utf8Length } from '../../lib/api/utf8.ts';
import {
  describeProblems,
  type EntriesFormat,
  type GlossaryEntry,
  parseEntries,
  serializeEntries,
} from '../../lib/features/glossaries/entries.ts';
import { sourceLanguage, targetLanguage } from '../data/languages.ts';
import { type Params, readParams } from '../http/body.ts';
import type { App, AppEnv } from '../http/env.ts';
import { badRequest, notFound, tooLarge } from '../http/errors.ts';
import { type Dictionary, dictionaryOf, type Glossary } from '../stores/glossaries.ts';
import type { ServiceState } from '../stores/state.ts';

/** The `/v3/glossaries` routes (docs/contract.md §4.3); the glossaries live in `state.glossaries`. */

const MAX_NAME_BYTES = 1024;
/** A 10 MB dictionary grows a little when escaped into JSON; creation may carry several. */
const PUT_BODY_LIMIT = 12 * 1024 * 1024;
const CREATE_BODY_LIMIT = 64 * 1024 * 1024;

const DictionaryInput = z.object({
  source_lang: z.string({ error: 'source_lang is required' }),
  target_lang: z.string({ error: 'target_lang is required' }),
  entries: z.string({ error: 'entries is required and must be a string' }),
  entries_format: z
    .string()
    .transform((f) => f.toLowerCase())
    .pipe(z.enum(['tsv', 'csv'], { error: "entries_format must be 'tsv' or 'csv'" }))
    .optional(),
});

function parseInput<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${what}.${issue.path.join('.')}` : what;
  throw badRequest(`Invalid ${where}`, issue?.message);
}

/** A glossary language code (case-insensitive in), lower case out. */
function glossaryLang(state: ServiceState, code: string, role: 'source' | 'target'): string {
  const language =
    role === 'source' ? sourceLanguage(state, 'glossary', code) : targetLanguage(state, 'glossary', code);
  if (!language) throw badRequest(`Unsupported glossary ${role} language '${code}'`);
  return language.lang.toLowerCase();
}

function pairOf(state: ServiceState, source: unknown, target: unknown): { sourceLang: string; targetLang: string } {
  if (typeof source !== 'string' || source === '') throw badRequest("Parameter 'source_lang' is required");
  if (typeof target !== 'string' || target === '') throw badRequest("Parameter 'target_lang' is required");
  const sourceLang = glossaryLang(state, source, 'source');
  const targetLang = glossaryLang(state, target, 'target');
  if (sourceLang === targetLang) throw badRequest('source_lang and target_lang must be different languages');
  return { sourceLang, targetLang };
}

/** Validates one dictionary with content; entry problems give 400 with every line in `detail`. */
function readDictionary(
  state: ServiceState,
  raw: unknown,
  what: string,
): { sourceLang: string; targetLang: string; entries: GlossaryEntry[] } {
  const input = parseInput(DictionaryInput, raw, what);
  const { sourceLang, targetLang } = pairOf(state, input.source_lang, input.target_lang);
  const format: EntriesFormat = input.entries_format ?? 'tsv';
  const parsed = parseEntries(input.entries, { format, sourceLang, targetLang });
  if (parsed.sizeProblem) throw tooLarge(`Dictionary ${sourceLang}->${targetLang} is too large: ${parsed.sizeProblem}`);
  if (parsed.problems.length > 0)
    throw badRequest(
      `Invalid glossary entries in ${what} (${sourceLang}->${targetLang})`,
      describeProblems(parsed.problems),
    );
  if (parsed.entries.length === 0)
    throw badRequest(`The dictionary ${sourceLang}->${targetLang} in ${what} has no entries`);
  return { sourceLang, targetLang, entries: parsed.entries };
}

function readName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw badRequest("Parameter 'name' is required");
  const bytes = utf8Length(value);
  if (bytes > MAX_NAME_BYTES) throw badRequest(`The glossary name is ${bytes} UTF-8 bytes; at most ${MAX_NAME_BYTES}`);
  return value;
}

function summary(d: Dictionary, withTime = false) {
  return {
    source_lang: d.sourceLang,
    target_lang: d.targetLang,
    entry_count: d.entries.size,
    ...(withTime ? { creation_time: d.creationTime } : {}),
  };
}

function glossaryJson(g: Glossary, extra: { ready?: boolean; dictionaryTimes?: boolean } = {}) {
  return {
    glossary_id: g.id,
    ...(extra.ready ? { ready: true } : {}),
    name: g.name,
    dictionaries: g.dictionaries.map((d) => summary(d, extra.dictionaryTimes)),
    creation_time: g.creationTime,
  };
}

function toMap(entries: GlossaryEntry[]): Map<string, string> {
  return new Map(entries.map((e) => [e.source, e.target]));
}

/** PATCH takes `dictionaries: [one]` (JSON, or a JSON string in a form) or the dictionary's fields at top level. */
function patchDictionary(params: Params): unknown {
  let value = params.dictionaries;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest("Parameter 'dictionaries' must be a JSON array holding one dictionary");
    }
  }
  if (value === undefined) {
    if (params.source_lang === undefined && params.target_lang === undefined && params.entries === undefined)
      return undefined;
    return params;
  }
  const list = Array.isArray(value) ? value : [value];
  if (list.length !== 1) throw badRequest('One PATCH changes exactly one dictionary; send one call per dictionary');
  return list[0];
}

function account(c: Context<AppEnv>): string {
  return c.get('account').id;
}

export function register(app: App, state: ServiceState): void {
  app.post('/v3/glossaries', async (c) => {
    const params = await readParams(c, CREATE_BODY_LIMIT);
    const name = readName(params.name);
    if (!Array.isArray(params.dictionaries) || params.dictionaries.length === 0)
      throw badRequest("Parameter 'dictionaries' must be an array with at least one dictionary");
    const now = state.now().toISOString();
    const dictionaries: Dictionary[] = [];
    params.dictionaries.forEach((raw, i) => {
      const d = readDictionary(state, raw, `dictionaries[${i}]`);
      if (dictionaries.some((x) => x.sourceLang === d.sourceLang && x.targetLang === d.targetLang))
        throw badRequest(`dictionaries[${i}]: a glossary holds one dictionary per language pair`);
      dictionaries.push({
        sourceLang: d.sourceLang,
        targetLang: d.targetLang,
        entries: toMap(d.entries),
        creationTime: now,
      });
    });
    const glossary: Glossary = { id: randomUUID(), accountId: account(c), name, creationTime: now, dictionaries };
    state.glossaries.byId.set(glossary.id, glossary);
    return c.json(glossaryJson(glossary, { ready: true }), 201);
  });

  app.get('/v3/glossaries', (c) => {
    const mine = [...state.glossaries.byId.values()].filter((g) => g.accountId === account(c));
    return c.json({ glossaries: mine.map((g) => glossaryJson(g)) });
  });

  app.get('/v3/glossaries/:id', (c) => c.json(glossaryJson(state.glossaries.find(account(c), c.req.param('id')))));

  app.get('/v3/glossaries/:id/entries', (c) => {
    const glossary = state.glossaries.find(account(c), c.req.param('id'));
    const format = c.req.query('entries_format');
    if (format !== undefined && format.toLowerCase() !== 'tsv')
      throw badRequest("Entries are only available as 'tsv'", `entries_format '${format}' is not supported here`);
    const { sourceLang, targetLang } = pairOf(state, c.req.query('source_lang'), c.req.query('target_lang'));
    const d = dictionaryOf(glossary, sourceLang, targetLang);
    if (!d) throw notFound(`Glossary '${glossary.id}' has no dictionary ${sourceLang}->${targetLang}`);
    const entries = serializeEntries(
      [...d.entries].map(([source, target]) => ({ source, target })),
      'tsv',
    );
    return c.json({
      dictionaries: [{ source_lang: sourceLang, target_lang: targetLang, entries, entries_format: 'tsv' }],
    });
  });

  app.put('/v3/glossaries/:id/dictionaries', async (c) => {
    const glossary = state.glossaries.find(account(c), c.req.param('id'));
    const d = readDictionary(state, await readParams(c, PUT_BODY_LIMIT), 'dictionary');
    const replacement: Dictionary = { ...d, entries: toMap(d.entries), creationTime: state.now().toISOString() };
    const index = glossary.dictionaries.findIndex(
      (x) => x.sourceLang === d.sourceLang && x.targetLang === d.targetLang,
    );
    if (index === -1) glossary.dictionaries.push(replacement);
    else glossary.dictionaries[index] = replacement;
    return c.json(summary(replacement));
  });

  app.patch('/v3/glossaries/:id', async (c) => {
    const glossary = state.glossaries.find(account(c), c.req.param('id'));
    const params = await readParams(c, PUT_BODY_LIMIT);
    const rawDictionary = patchDictionary(params);
    if (params.name === undefined && rawDictionary === undefined)
      throw badRequest("Nothing to change: send 'name' and/or one dictionary");
    // Validate everything before changing anything, so a bad dictionary leaves the name as it was.
    const name = params.name === undefined ? undefined : readName(params.name);
    const d = rawDictionary === undefined ? undefined : readDictionary(state, rawDictionary, 'dictionaries[0]');
    if (name !== undefined) glossary.name = name;
    if (d) {
      const existing = dictionaryOf(glossary, d.sourceLang, d.targetLang);
      if (existing) for (const e of d.entries) existing.entries.set(e.source, e.target);
      else
        glossary.dictionaries.push({
          sourceLang: d.sourceLang,
          targetLang: d.targetLang,
          entries: toMap(d.entries),
          creationTime: state.now().toISOString(),
        });
    }
    return c.json(glossaryJson(glossary, { dictionaryTimes: true }));
  });

  app.delete('/v3/glossaries/:id', (c) => {
    const glossary = state.glossaries.find(account(c), c.req.param('id'));
    state.glossaries.byId.delete(glossary.id);
    return c.body(null, 204);
  });

  app.delete('/v3/glossaries/:id/dictionaries', (c) => {
    const glossary = state.glossaries.find(account(c), c.req.param('id'));
    const { sourceLang, targetLang } = pairOf(state, c.req.query('source_lang'), c.req.query('target_lang'));
    const d = dictionaryOf(glossary, sourceLang, targetLang);
    if (!d) throw notFound(`Glossary '${glossary.id}' has no dictionary ${sourceLang}->${targetLang}`);
    glossary.dictionaries = glossary.dictionaries.filter((x) => x !== d);
    return c.body(null, 204);
  });
}
