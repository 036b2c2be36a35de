import type { Formality, Language, ModelType } from '../../api/index.ts';
import { baseOf, formalityFor, hasFeature, sourceCodeFor } from '../selection/languages.ts';
import type { PageMode, PageParams, PagePlan } from './messages.ts';

/** What decides a page's parameters; read by the background from settings, languages and the page. */
export interface PlanInputs {
  targetLang: string;
  mode: PageMode;
  /** The site rule's value wins over the preference when not empty. */
  formality: Formality;
  modelType: ModelType | '';
  sendContext: boolean;
  /** translate_text languages; empty when not known (codes then pass through). */
  languages: readonly Language[];
  /** The default glossary of a pair (already checked for glossary support), if any. */
  glossaryFor(source: string, target: string): string | undefined;
  page: { pageLang?: string; title?: string; description?: string };
}

/** Context is not billed but counts against the body limit of every request: keep it short. */
const MAX_CONTEXT_CHARS = 1000;

export function pageContext(title?: string, description?: string): string | undefined {
  const parts = [title, description].map((s) => s?.replace(/\s+/g, ' ').trim()).filter((s): s is string => !!s);
  const unique = parts.filter((s, i) => parts.indexOf(s) === i);
  const text = unique.join('\n').slice(0, MAX_CONTEXT_CHARS).trim();
  return text || undefined;
}

/** Whether markup can be sent for a pair: both languages need `tag_handling` (or the list is not known). */
const tagsFor = (code: string, languages: readonly Language[]) =>
  languages.length === 0 || hasFeature(code, languages, 'tag_handling');

/**
 * The source to send: the language the page declares, when the service has it as a source that can take
 * markup. A page declaring the target's own language is left to detection: its text in that language is
 * skipped anyway, and what remains is quoted from elsewhere.
 */
export function pageSource(pageLang: string | undefined, target: string, languages: readonly Language[]) {
  const declared = pageLang?.trim() ? sourceCodeFor(pageLang.trim(), languages) : undefined;
  if (!declared || baseOf(declared) === baseOf(target)) return undefined;
  return tagsFor(declared, languages) ? declared : undefined;
}

/** The parameters of the two groups of a page: text units with `tag_handling: html`, attributes without. */
export function planPage(inputs: PlanInputs): PagePlan {
  const { targetLang, languages } = inputs;
  const source = pageSource(inputs.page.pageLang, targetLang, languages);
  const glossary = source ? inputs.glossaryFor(source, targetLang) : undefined;
  const formality = formalityFor(inputs.formality, targetLang, languages);
  const context = inputs.sendContext ? pageContext(inputs.page.title, inputs.page.description) : undefined;
  const attr: PageParams = {
    target_lang: targetLang,
    ...(source ? { source_lang: source } : {}),
    ...(glossary ? { glossary_id: glossary } : {}),
    ...(formality ? { formality } : {}),
    ...(inputs.modelType ? { model_type: inputs.modelType } : {}),
    ...(context ? { context } : {}),
  };
  return { targetLang, mode: inputs.mode, html: { ...attr, tag_handling: 'html' }, attr };
}

/** Page translation needs markup support in the target; without it the page cannot be translated as a page. */
export const targetTakesMarkup = (target: string, languages: readonly Language[]): boolean =>
  tagsFor(target, languages);
