import { batch, computed, signal } from '@preact/signals';
import type { Language } from '../../api/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { Clock } from '../../ui/clock.ts';
import { t } from '../../ui/i18n.ts';
import { describeWritingError } from './describe.ts';
import { buildDiff, type Edit, editsToAccept, editsToRevert, textWith, type WordDiff } from './diff-model.ts';
import type { EligibleField } from './eligibility.ts';
import type { ImproveInput, WritingAction, WritingStatus } from './messages.ts';
import { type Adjustment, type ResolvedAdjustment, resolveAdjustment, writeTargets } from './style-tone.ts';

export type Mode = 'correct' | 'rephrase';
export type Phase = 'choose' | 'working' | 'review' | 'error';

export interface Session {
  field: EligibleField;
  original: string;
  diff: WordDiff;
  accepted: ReadonlySet<number>;
  rejected: ReadonlySet<number>;
  requests: number;
}

/** What the model needs from the rest of the extension; passed in so tests can stand in for it. */
export interface WritingDeps {
  send: Send;
  clock: Clock;
  readText(field: EligibleField): string;
  apply(field: EligibleField, edits: readonly Edit[]): void;
}

const STATUS_TTL_MS = 15_000;

/** State and actions of writing help in one frame; the components only render it and call actions. */
export class WritingModel {
  readonly field = signal<EligibleField | null>(null);
  readonly buttonVisible = signal(false);
  /** The field's box in the viewport, refreshed on scroll and resize. */
  readonly anchor = signal<DOMRect | null>(null);
  readonly panelOpen = signal(false);
  readonly status = signal<WritingStatus | null>(null);
  readonly mode = signal<Mode>('correct');
  readonly adjustment = signal<Adjustment>({ kind: 'default' });
  /** What the person picked under Language (`''`: the text's own language). */
  readonly chosenLang = signal('');
  readonly languages = signal<Language[] | null>(null);
  /** Targets of "translate what I type" (the translate languages), loaded when its picker shows. */
  readonly translateLanguages = signal<Language[] | null>(null);
  readonly phase = signal<Phase>('choose');
  readonly error = signal<{ code: string; text: string } | null>(null);
  readonly notice = signal<string | null>(null);
  readonly session = signal<Session | null>(null);

  readonly targets = computed(() => writeTargets(this.languages.value ?? [], this.mode.value));
  /**
   * The target sent: the person's pick while the mode takes it (a bare "en" picked for correct is not a
   * rephrase target), else `''`: omitted, so the text keeps its own language and variant.
   */
  readonly targetLang = computed(() => {
    const chosen = this.chosenLang.value;
    return chosen && this.targets.value.some((l) => l.lang === chosen) ? chosen : '';
  });
  readonly targetLanguage = computed(() => this.targets.value.find((l) => l.lang === this.targetLang.value));
  readonly resolved = computed<ResolvedAdjustment>(() =>
    this.mode.value === 'rephrase' ? resolveAdjustment(this.adjustment.value, this.targetLanguage.value) : {},
  );
  readonly pending = computed(() => {
    const s = this.session.value;
    return s ? s.diff.changes.filter((c) => !s.accepted.has(c.id) && !s.rejected.has(c.id)) : [];
  });

  /**
   * Part of the field the panel works on ("Rephrase sentence" from a suggestion's card): the text
   * before and after it, which must stay as they were. Null: the whole field.
   */
  readonly scope = signal<{ before: string; after: string; text: string } | null>(null);

  private statusAt = 0;
  private disposed = false;

  constructor(private readonly deps: WritingDeps) {}

  /** The content script goes away: answers still on their way change nothing, nothing is applied. */
  dispose(): void {
    this.disposed = true;
    this.close();
  }

  /** Site rule and key tier, asked again after a while (the person may change them meanwhile). */
  async refreshStatus(): Promise<WritingStatus | null> {
    if (this.status.value && this.deps.clock.now() - this.statusAt < STATUS_TTL_MS) return this.status.value;
    const result = await this.deps.send('writing.status', {});
    if (result.ok && !this.disposed) {
      this.status.value = result.value;
      this.statusAt = this.deps.clock.now();
    }
    return this.status.value;
  }

  /** The field's text the panel works on: all of it, or the scoped part while the rest is unchanged. */
  private readText(field: EligibleField): string | undefined {
    const text = this.deps.readText(field);
    const scope = this.scope.value;
    if (!scope) return text;
    const { before, after } = scope;
    if (text.length < before.length + after.length || !text.startsWith(before) || !text.endsWith(after)) {
      return undefined;
    }
    return text.slice(before.length, text.length - after.length);
  }

  private apply(field: EligibleField, edits: readonly Edit[]): void {
    const shift = this.scope.value?.before.length ?? 0;
    this.deps.apply(
      field,
      edits.map((e) => ({ ...e, start: e.start + shift, end: e.end + shift })),
    );
  }

  /** Opens the panel to rephrase `start..end` of the field (a sentence), with style and tone to choose. */
  async openRange(field: EligibleField, start: number, end: number): Promise<void> {
    const text = this.deps.readText(field);
    this.showFor(field);
    batch(() => {
      this.scope.value = { before: text.slice(0, start), after: text.slice(end), text: text.slice(start, end) };
      this.mode.value = 'rephrase';
    });
    await this.open('open');
  }

  showFor(field: EligibleField): void {
    batch(() => {
      if (this.field.value && this.field.value.element !== field.element) this.close();
      this.field.value = field;
      this.anchor.value = field.element.getBoundingClientRect();
      this.buttonVisible.value = true;
    });
  }

  hideButton(): void {
    if (!this.panelOpen.value) this.buttonVisible.value = false;
  }

  /** Opens the panel for the current field; `correct` and `rephrase` also start at once (menu items). */
  async open(action: WritingAction = 'open'): Promise<void> {
    if (!this.field.value) return;
    batch(() => {
      this.panelOpen.value = true;
      this.buttonVisible.value = true;
      if (this.phase.value !== 'working') this.phase.value = 'choose';
      this.error.value = null;
      this.notice.value = null;
      this.session.value = null;
      if (action !== 'open') this.mode.value = action;
    });
    const languages = this.loadLanguages();
    await this.refreshStatus();
    if (action === 'open') return;
    // A variant picked earlier counts only once the list says the mode takes it.
    await languages;
    await this.run();
  }

  close(): void {
    batch(() => {
      this.panelOpen.value = false;
      this.scope.value = null;
      this.session.value = null;
      this.error.value = null;
      this.notice.value = null;
      if (this.phase.value !== 'working') this.phase.value = 'choose';
    });
  }

  setMode(mode: Mode): void {
    this.mode.value = mode;
  }

  chooseTarget(lang: string): void {
    this.chosenLang.value = lang;
  }

  async loadTranslateLanguages(): Promise<void> {
    if (this.translateLanguages.value) return;
    const result = await this.deps.send('languages.get', { resource: 'translate_text' });
    if (result.ok && !this.disposed) this.translateLanguages.value = result.value.filter((l) => l.usable_as_target);
  }

  /**
   * Changes a switch of this site (checking as you type, the target of "translate what I type"); the
   * background takes the site from the sender and answers the switches as they now apply.
   */
  async setSiteTyping(patch: { asYouType?: boolean | null; translateTo?: string | null }): Promise<void> {
    const result = await this.deps.send('writing.site', patch);
    const status = this.status.value;
    if (this.disposed) return;
    if (!result.ok) {
      this.notice.value = describeWritingError(result.error);
      return;
    }
    if (status) this.status.value = { ...status, typing: result.value };
  }

  async loadLanguages(): Promise<void> {
    if (this.languages.value) return;
    const result = await this.deps.send('languages.get', { resource: 'write' });
    if (result.ok && !this.disposed) this.languages.value = result.value;
  }

  /** Sends the field's text for correction or improvement: only ever because the person asked. */
  async run(): Promise<void> {
    const field = this.field.value;
    if (!field || this.phase.value === 'working') return;
    const status = await this.refreshStatus();
    if (status && !status.enabled)
      return this.fail('site_disabled', describeWritingError({ name: 'Error', code: 'site_disabled', message: '' }));
    if (status?.tier === 'free')
      return this.fail('paid_only', describeWritingError({ name: 'Error', code: 'paid_only', message: '' }));
    if (status?.tier === 'unconfigured') {
      return this.fail('auth', t('writingNoKey', 'No API key is set. Enter a paid key in Verso options first.'));
    }
    const original = this.readText(field);
    if (original === undefined) {
      return this.fail(
        'changed',
        t('writingTextChanged', 'The text in the field changed since it was checked. Check it again.'),
      );
    }
    if (!original.trim())
      return this.fail('empty', t('writingEmpty', 'The field is empty: there is nothing to check.'));

    const mode = this.mode.value;
    const { writingStyle, tone } = this.resolved.value;
    const input: ImproveInput = {
      mode,
      text: original,
      ...(this.targetLang.value ? { targetLang: this.targetLang.value } : {}),
      ...(mode === 'rephrase' && writingStyle ? { writingStyle } : {}),
      ...(mode === 'rephrase' && !writingStyle && tone ? { tone } : {}),
    };
    batch(() => {
      this.phase.value = 'working';
      this.error.value = null;
      this.notice.value = null;
      this.session.value = null;
    });
    const result = await this.deps.send('writing.improve', input);
    if (this.disposed) return;
    if (!result.ok) {
      const names = (this.languages.value ?? []).filter((l) => l.usable_as_target).map((l) => l.name);
      return this.fail(result.error.code, describeWritingError(result.error, names));
    }
    batch(() => {
      this.phase.value = 'review';
      this.session.value = {
        field,
        original,
        diff: buildDiff(original, result.value.text),
        accepted: new Set(),
        rejected: new Set(),
        requests: result.value.requests,
      };
    });
  }

  private fail(code: string, text: string): void {
    batch(() => {
      this.phase.value = 'error';
      this.error.value = { code, text };
    });
  }

  /** The field still holds what the session expects, so offsets of changes are valid. */
  private inStep(session: Session): boolean {
    if (!session.field.element.isConnected) {
      this.notice.value = t('writingFieldGone', 'The field is no longer on the page.');
      return false;
    }
    const expected = textWith(session.original, session.diff.changes, session.accepted);
    if (this.readText(session.field) === expected) return true;
    this.notice.value = t('writingTextChanged', 'The text in the field changed since it was checked. Check it again.');
    return false;
  }

  /** The options page, at the connection section (where a key is entered). */
  openOptions(): void {
    void this.deps.send('options.open', { section: 'connection' });
  }

  accept(ids: Iterable<number>): void {
    const session = this.session.value;
    if (this.disposed || !session || !this.inStep(session)) return;
    const wanted = [...ids].filter((id) => !session.accepted.has(id) && !session.rejected.has(id));
    if (wanted.length === 0) return;
    this.apply(session.field, editsToAccept(session.diff.changes, session.accepted, wanted));
    batch(() => {
      this.notice.value = null;
      this.session.value = { ...session, accepted: new Set([...session.accepted, ...wanted]) };
    });
  }

  acceptAll(): void {
    this.accept(this.pending.value.map((c) => c.id));
  }

  reject(id: number): void {
    const session = this.session.value;
    if (!session || session.accepted.has(id)) return;
    this.session.value = { ...session, rejected: new Set([...session.rejected, id]) };
  }

  /** Puts back the original text of every applied change; they become pending again. */
  undo(): void {
    const session = this.session.value;
    if (this.disposed || !session || session.accepted.size === 0) return;
    if (!this.inStep(session)) {
      this.notice.value = t(
        'writingUndoStale',
        'The text in the field changed since the changes were applied, so Verso cannot undo them. Use Ctrl+Z in the field.',
      );
      return;
    }
    this.apply(session.field, editsToRevert(session.diff.changes, session.accepted));
    batch(() => {
      this.notice.value = null;
      this.session.value = { ...session, accepted: new Set() };
    });
  }
}
