import { baseOf, findLanguage, hasFeature, isBilledTarget } from '../data/languages.ts';
import { badRequest } from '../http/errors.ts';
import type { ServiceState } from '../stores/state.ts';
import { detectSource } from './detect.ts';
import { applyGlossary, type GlossaryEntries } from './glossary.ts';
import { type MarkupOptions, segmentMarkup, splitEntities, textLength } from './markup.ts';
import { formalPronoun, PRONOUN_PATTERN, pseudoTranslate } from './pseudo.ts';
import { SentenceCaser, type SplitSentences } from './sentences.ts';

export type { GlossaryEntries } from './glossary.ts';
export type { MarkupOptions, TagMode } from './markup.ts';
export type { SplitSentences } from './sentences.ts';

export const FORMALITIES = ['default', 'more', 'less', 'prefer_more', 'prefer_less'] as const;
export type Formality = (typeof FORMALITIES)[number];

/** What the translate and the documents routes hand to the engine, after validating the request. */
export interface TranslateRequest {
  texts: readonly string[];
  /** A target code of the catalogue, any case (`de`, `EN-GB`). */
  targetLang: string;
  /** Omitted: detected per text. */
  sourceLang?: string;
  /** `prefer_*` falls back to default on a target without the formality feature. */
  formality?: Formality;
  /** Entries of the glossary dictionary for the pair (see `GlossaryStore.entries()` in stores/glossaries.ts). */
  glossary?: GlossaryEntries;
  /** Present with `tag_handling` xml or html. */
  tagHandling?: MarkupOptions;
  /** Effective value (the route applies the defaults and the next-gen rule). Default `1`. */
  splitSentences?: SplitSentences;
  preserveFormatting?: boolean;
  /** Markup prepended to every translated text (test-mode fault `inject`). */
  inject?: string;
  /** Catalogue used for billing (beta targets) and formality. Default translate_text. */
  resource?: 'translate_text' | 'translate_document';
}

export interface TranslatedText {
  text: string;
  /** Code points of the text outside markup; 0 into a beta target. */
  billedCharacters: number;
  /** Upper-case base code, e.g. `EN`. */
  detectedSourceLanguage: string;
}

/**
 * The formality the engine applies: `default`, `more` or `less`. A non-default value on a target
 * without the formality feature is a 400 unless it is a `prefer_` value (docs/contract.md §4.1 rule 6).
 */
export function resolveFormality(
  state: ServiceState,
  resource: 'translate_text' | 'translate_document',
  target: string,
  formality: Formality | undefined,
): 'default' | 'more' | 'less' {
  if (formality === undefined || formality === 'default') return 'default';
  const supported = hasFeature(findLanguage(state, resource, target), 'formality');
  if (formality === 'prefer_more' || formality === 'prefer_less') {
    return supported ? (formality === 'prefer_more' ? 'more' : 'less') : 'default';
  }
  if (!supported) {
    throw badRequest(
      `'formality' is not supported for target_lang ${target}`,
      "Use 'prefer_more' or 'prefer_less' to fall back to the default on such targets",
    );
  }
  return formality;
}

interface RunContext {
  target: string;
  formality: 'default' | 'more' | 'less';
  glossary: GlossaryEntries;
  caser: SentenceCaser;
}

/** Translates free text: glossary phrases and formal pronouns are final, the rest is pseudo-translated. */
function translateRun(text: string, ctx: RunContext): string {
  let out = '';
  for (const piece of applyGlossary(text, ctx.glossary)) {
    if (piece.fixed) {
      out += ctx.caser.feed(piece.text, 'fixed');
      continue;
    }
    let last = 0;
    if (ctx.formality !== 'default') {
      for (const match of piece.text.matchAll(PRONOUN_PATTERN)) {
        const pronoun = formalPronoun(match[0], ctx.target, ctx.formality);
        if (pronoun === undefined) continue;
        out += ctx.caser.feed(pseudoTranslate(piece.text.slice(last, match.index), ctx.target), 'editable');
        out += ctx.caser.feed(pronoun, 'fixed');
        last = match.index + match[0].length;
      }
    }
    out += ctx.caser.feed(pseudoTranslate(piece.text.slice(last), ctx.target), 'editable');
  }
  return out;
}

function translateMarkup(text: string, options: MarkupOptions, ctx: RunContext): string {
  let out = '';
  for (const segment of segmentMarkup(text, options)) {
    if (segment.kind === 'markup') {
      if (segment.splits) ctx.caser.boundary();
      out += segment.raw;
    } else if (segment.verbatim) {
      out += ctx.caser.feed(segment.raw, 'fixed');
    } else {
      for (const part of splitEntities(segment.raw)) {
        out += part.entity ? ctx.caser.feed(part.text, 'opaque') : translateRun(part.text, ctx);
      }
    }
  }
  return out;
}

/** The text a detector should look at: markup removed. */
function plainText(text: string, options: MarkupOptions | undefined): string {
  if (!options) return text;
  return segmentMarkup(text, options)
    .filter((s) => s.kind === 'text' && !s.verbatim)
    .map((s) => s.raw)
    .join(' ');
}

/** Billed characters of one text (docs/contract.md §D6): code points outside markup. */
export function billableLength(text: string, options: MarkupOptions | undefined): number {
  if (!options) return [...text].length;
  let n = 0;
  for (const segment of segmentMarkup(text, options)) if (segment.kind === 'text') n += textLength(segment.raw);
  return n;
}

/**
 * Translates each text independently (no shared context), deterministically. Same-language texts
 * (source or detected language equal to the target's base) come back unchanged and are billed.
 */
export function translateTexts(state: ServiceState, request: TranslateRequest): TranslatedText[] {
  const resource = request.resource ?? 'translate_text';
  const target = request.targetLang;
  const formality = resolveFormalityLeniently(state, resource, target, request.formality);
  const billed = isBilledTarget(state, resource, target);
  const split = request.splitSentences ?? (request.tagHandling?.mode === 'html' ? 'nonewlines' : '1');
  return request.texts.map((text) => {
    const source = request.sourceLang
      ? baseOf(request.sourceLang).toUpperCase()
      : detectSource(plainText(text, request.tagHandling));
    const billedCharacters = billed ? billableLength(text, request.tagHandling) : 0;
    let translated = text;
    if (source.toLowerCase() !== baseOf(target)) {
      const ctx: RunContext = {
        target,
        formality,
        glossary: request.glossary ?? [],
        caser: new SentenceCaser(split, !request.preserveFormatting),
      };
      translated = request.tagHandling ? translateMarkup(text, request.tagHandling, ctx) : translateRun(text, ctx);
    }
    return { text: (request.inject ?? '') + translated, billedCharacters, detectedSourceLanguage: source };
  });
}

/** The engine never fails on formality: validation is the route's job (see resolveFormality). */
function resolveFormalityLeniently(
  state: ServiceState,
  resource: 'translate_text' | 'translate_document',
  target: string,
  formality: Formality | undefined,
): 'default' | 'more' | 'less' {
  try {
    return resolveFormality(state, resource, target, formality);
  } catch {
    return 'default';
  }
}
