import { baseLanguage, type LanguageRules, languageRuleFor } from '../../settings/language-rules.ts';
import type { SiteRule } from '../../settings/schema.ts';

export type OfferDecision =
  /** Nothing to do: the page is in the target language, its language is unknown, or a rule says never. */
  | { kind: 'none' }
  /** Offer to translate the page (the site rule's "Ask", the default). */
  | { kind: 'offer'; lang: string }
  /** Translate it at once: "always translate" this language. */
  | { kind: 'start'; lang: string };

export interface OfferInput {
  /** The site's rule; absent for pages off the web (file:), where no site rule applies. */
  siteRule?: Pick<SiteRule, 'translate'>;
  languageRules: LanguageRules;
  /** The page's language (`pageLanguage`), undefined when unknown. */
  pageLang: string | undefined;
  targetLang: string;
  /** Base codes the service translates from; empty when not known (any language is offered then). */
  sources: readonly string[];
}

/**
 * Whether a page is offered for translation. A site's rule comes first: "never" is never, and "always"
 * is started by page translation itself. Then the page language's rule. Without either ("Ask", the
 * default) a page in another language than the target, one the service reads, is offered.
 */
export function decideOffer(input: OfferInput): OfferDecision {
  const lang = input.pageLang ? baseLanguage(input.pageLang) : undefined;
  if (!lang || lang === baseLanguage(input.targetLang)) return { kind: 'none' };
  if (input.sources.length > 0 && !input.sources.includes(lang)) return { kind: 'none' };
  const site = input.siteRule?.translate ?? 'ask';
  if (site !== 'ask') return { kind: 'none' };
  const rule = languageRuleFor(input.languageRules, lang);
  if (rule?.translate === 'never') return { kind: 'none' };
  if (rule?.translate === 'always') return { kind: 'start', lang };
  return { kind: 'offer', lang };
}
