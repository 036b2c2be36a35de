import { signal } from '@preact/signals';
import type { SiteRulesStore } from '../../settings/items.ts';
import type { SiteRule } from '../../settings/schema.ts';
import { normalizeHost, putRule, removeRule, type SelectorCheck, selectorList } from './rules.ts';

/** What the rule form holds before it is saved. */
export type RuleDraft = Pick<
  SiteRule,
  'host' | 'translate' | 'formality' | 'modelType' | 'pageReading' | 'disableSelectionButton'
> & { excludeSelectors: string; includeSelectors: string };

const NEW_RULE: RuleDraft = {
  host: '',
  translate: 'never',
  formality: '',
  modelType: '',
  pageReading: '',
  disableSelectionButton: false,
  excludeSelectors: '',
  includeSelectors: '',
};

export interface SiteRulesDeps {
  rules: SiteRulesStore;
  /** Whether the browser accepts a CSS selector (`browserSelectorCheck(document)` on the options page). */
  checkSelector?: SelectorCheck;
}

export type RuleProblem = 'invalid_host' | 'duplicate' | 'invalid_exclude' | 'invalid_include';

/** The options section "Site rules": the list, and the form that adds a rule or edits one. */
export class SiteRulesModel {
  readonly rules = signal<SiteRule[]>([]);
  readonly notice = signal<string | undefined>(undefined);
  /** The rule being edited; undefined while the form adds a new one. */
  readonly editing = signal<SiteRule | undefined>(undefined);
  readonly draft = signal<RuleDraft>(NEW_RULE);
  /** Why the form's rule was not saved. */
  readonly formError = signal<RuleProblem | undefined>(undefined);
  /** The selector the browser could not parse, with `invalid_exclude` / `invalid_include`. */
  readonly badSelector = signal<string | undefined>(undefined);

  private disposed = false;

  constructor(private readonly deps: SiteRulesDeps) {}

  async load(): Promise<void> {
    this.notice.value = undefined;
    const rules = await this.deps.rules.get();
    if (!this.disposed) this.rules.value = rules;
  }

  private async write(next: SiteRule[], message: string): Promise<void> {
    await this.deps.rules.set(next);
    this.rules.value = next;
    this.notice.value = message;
  }

  /** Fills the form with a rule to edit. */
  edit(rule: SiteRule): void {
    this.editing.value = rule;
    this.draft.value = {
      host: rule.host,
      translate: rule.translate,
      formality: rule.formality,
      modelType: rule.modelType,
      pageReading: rule.pageReading,
      disableSelectionButton: rule.disableSelectionButton,
      excludeSelectors: rule.excludeSelectors ?? '',
      includeSelectors: rule.includeSelectors ?? '',
    };
    this.formError.value = undefined;
    this.badSelector.value = undefined;
  }

  /** Back to adding a new rule. */
  stopEditing(): void {
    this.editing.value = undefined;
    this.draft.value = NEW_RULE;
    this.formError.value = undefined;
  }

  change(patch: Partial<RuleDraft>): void {
    this.draft.value = { ...this.draft.value, ...patch };
  }

  /** Saves the form's rule: added, or in place of the one edited. False (and `formError`) when it cannot be. */
  async save(message: (host: string) => string): Promise<boolean> {
    const editing = this.editing.value;
    const draft = this.draft.value;
    // Selectors the browser cannot parse are named; the form keeps everything as typed.
    const check = this.deps.checkSelector ?? (() => true);
    const exclude = selectorList(draft.excludeSelectors, check);
    const include = selectorList(draft.includeSelectors, check);
    this.badSelector.value = !exclude.ok ? exclude.bad : !include.ok ? include.bad : undefined;
    if (!exclude.ok || !include.ok) {
      this.formError.value = !exclude.ok ? 'invalid_exclude' : 'invalid_include';
      return false;
    }
    const { excludeSelectors: _e, includeSelectors: _i, ...choices } = draft;
    const { excludeSelectors: _pe, includeSelectors: _pi, ...kept } = editing ?? {};
    const rule: SiteRule = {
      disableWriting: false,
      ...kept,
      ...choices,
      ...(exclude.value ? { excludeSelectors: exclude.value } : {}),
      ...(include.value ? { includeSelectors: include.value } : {}),
    };
    const result = putRule(this.rules.value, rule, editing?.host);
    if (!result.ok) {
      this.formError.value = result.reason;
      return false;
    }
    await this.write(result.rules, message(normalizeHost(rule.host) ?? rule.host));
    if (editing) this.stopEditing();
    else {
      this.formError.value = undefined;
      this.change({ host: '', excludeSelectors: '', includeSelectors: '' });
    }
    return true;
  }

  remove(host: string, message: string): Promise<void> {
    return this.write(removeRule(this.rules.value, host), message);
  }

  dispose(): void {
    this.disposed = true;
  }
}
