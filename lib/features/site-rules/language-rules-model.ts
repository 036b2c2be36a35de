import { computed, signal } from '@preact/signals';
import type { Language } from '../../api/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import {
  baseLanguage,
  type LanguageRule,
  type LanguageRules,
  type LanguageRulesStore,
} from '../../settings/language-rules.ts';

export interface LanguageRulesDeps {
  send: Send;
  rules: LanguageRulesStore;
}

/** What the language rule form holds before it is added. */
export interface LanguageRuleDraft {
  lang: string;
  translate: LanguageRule['translate'];
}

const NEW_RULE: LanguageRuleDraft = { lang: '', translate: 'always' };

/**
 * The options' "Page languages" (in the site rules section): pages in a language are always translated,
 * or never offered for translation. The languages offered are the service's source languages.
 */
export class LanguageRulesModel {
  readonly rules = signal<LanguageRules>([]);
  readonly languages = signal<Language[]>([]);
  readonly draft = signal<LanguageRuleDraft>(NEW_RULE);
  readonly notice = signal<string | undefined>(undefined);
  /** The form's rule names no language. */
  readonly formError = signal<'no_language' | undefined>(undefined);
  /** A rule's language by name, from the service's list (its code when the list does not have it). */
  readonly nameOf = computed(() => {
    const names = new Map(this.languages.value.map((l) => [baseLanguage(l.lang), l.name]));
    return (lang: string) => names.get(lang) ?? lang.toUpperCase();
  });

  private disposed = false;

  constructor(private readonly deps: LanguageRulesDeps) {}

  async load(): Promise<void> {
    const [rules, languages] = await Promise.all([
      this.deps.rules.get(),
      this.deps.send('languages.get', { resource: 'translate_text' }),
    ]);
    if (this.disposed) return;
    this.rules.value = rules;
    // Variants (EN-GB, PT-BR) read as their language: a rule covers every variant.
    if (languages.ok) this.languages.value = languages.value.filter((l) => l.usable_as_source && !l.lang.includes('-'));
  }

  change(patch: Partial<LanguageRuleDraft>): void {
    this.draft.value = { ...this.draft.value, ...patch };
    if (patch.lang) this.formError.value = undefined;
  }

  /** Adds the form's rule (replacing one for the same language). False when no language is chosen. */
  async save(message: (name: string) => string): Promise<boolean> {
    const { lang, translate } = this.draft.value;
    if (!lang) {
      this.formError.value = 'no_language';
      return false;
    }
    this.rules.value = await this.deps.rules.set(lang, translate);
    this.notice.value = message(this.nameOf.value(baseLanguage(lang)));
    this.draft.value = NEW_RULE;
    this.formError.value = undefined;
    return true;
  }

  async remove(lang: string, message: (name: string) => string): Promise<void> {
    this.rules.value = await this.deps.rules.set(lang, undefined);
    this.notice.value = message(this.nameOf.value(lang));
  }

  dispose(): void {
    this.disposed = true;
  }
}
