import { batch, computed, signal } from '@preact/signals';
import { isTransient } from '../../api/errors.ts';
import { backoffDelay, DEFAULT_RETRY_POLICY } from '../../api/retry.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { CheckAnswers } from './check-answers.ts';
import type { CheckDeps, CheckPhase } from './check-deps.ts';
import {
  editsOf,
  nextSuggestion,
  type Suggestion,
  suggestionAt,
  suggestionsOf,
  uncheckedSentences,
  unfinishedAt,
} from './check-suggestions.ts';
import { describeTypingStop, describeWritingError, OnceNotice } from './describe.ts';
import type { EligibleField } from './eligibility.ts';
import { DEFAULT_PAUSE_MS, type WritingStatus } from './messages.ts';
import { DEFAULT_NEXT_KEY } from './next-key.ts';
import { OtherFields } from './other-fields.ts';
import { PersonalDictionary } from './personal-dictionary.ts';
import { same } from './same.ts';
import { type Sentence, SentenceSplitter, splitSentences } from './sentences.ts';

export type { CheckDeps, CheckPhase };

/** Without a full stop, the sentence at the caret is checked only after this many pauses' worth of quiet. */
const LONG_PAUSE_FACTOR = 3;
/** Transient failures in a row after which checking waits for the next key instead of trying again. */
const MAX_FAILURES = 5;

/**
 * Writing help as you type, in one frame: after a pause in typing, the sentences of the field that have
 * no answer yet go to the background in one message (only those: answers are kept by sentence text, so
 * a sentence typed, checked and left alone is never sent again). Suggestions are computed from the
 * field's current text and the kept answers, so an answer that arrives after the sentence changed
 * matches nothing and is never shown on other words. One check at a time: a pause during a check asks
 * for one more afterwards; failures back off (Retry-After, else the client's back-off) without piling up.
 */
export class CheckModel {
  readonly field = signal<EligibleField | null>(null);
  /** The field's text as last read; suggestions are in its offsets. */
  readonly text = signal('');
  readonly phase = signal<CheckPhase>('off');
  /** Said once per page: why checking stopped (quota, a free key). */
  readonly notice = new OnceNotice();
  readonly ignored = signal<ReadonlySet<string>>(new Set());
  /** Words never flagged as misspelled, on every site. */
  readonly dictionary: PersonalDictionary;
  /** The suggestion whose card is open, how it was opened, and whether the keyboard moved into it. */
  readonly active = signal<{ key: string; via: 'pointer' | 'keyboard'; focus?: boolean } | null>(null);
  /** The list of all suggestions, opened from the counter. */
  readonly listOpen = signal(false);
  /** The key that goes to the next suggestion (`next-key.ts`), as the background last said. */
  readonly nextKey = signal(DEFAULT_NEXT_KEY);

  private readonly answers = new CheckAnswers();

  /** Typing splits again only the lines it changed (the field's text is split on every key). */
  private readonly splitter = new SentenceSplitter();
  readonly sentences = computed(() => this.splitter.split(this.text.value));
  /**
   * The same list as before keeps its identity (the text read at a pause, an answer with nothing new for
   * the sentences shown): what draws it does not run again.
   */
  readonly suggestions = computed<Suggestion[]>(() => {
    const next = this.suggestionsIn(this.sentences.value);
    if (same(next, this.shown)) return this.shown;
    this.shown = next;
    return next;
  });
  private shown: Suggestion[] = [];
  /** The fields the person typed in before this one: their suggestions stay (and are underlined). */
  readonly others = new OtherFields();
  readonly otherSuggestions = computed(() =>
    this.others.list.value.map(({ field, text }) => ({ field, suggestions: this.suggestionsIn(splitSentences(text)) })),
  );
  readonly activeSuggestion = computed(() => {
    const active = this.active.value;
    return active ? this.suggestions.value.find((s) => s.key === active.key) : undefined;
  });

  private enabled = false;
  private paidOnly = false;
  private pauseMs = DEFAULT_PAUSE_MS;
  private inFlight = false;
  /** A pause came while a check was out: check again when it is back (true: the caret's sentence too). */
  private again: boolean | null = null;
  private failures = 0;
  /** The last check left out the unfinished sentence at the caret (or could not tell): the longer pause checks it. */
  private caretLeft = false;
  private cancelPause?: () => void;
  private cancelLongPause?: () => void;
  private cancelBackoff?: () => void;
  private disposed = false;

  constructor(private readonly deps: CheckDeps) {
    this.dictionary = new PersonalDictionary(deps.send);
  }

  private suggestionsIn(sentences: readonly Sentence[]): Suggestion[] {
    const answers = this.answers;
    const changesOf = (sentence: string, corrected: string) => answers.changesOf(sentence, corrected);
    return suggestionsOf(sentences, answers.byText.value, changesOf, this.ignored.value, this.dictionary.words.value);
  }

  /** What the background said about this frame: whether checking runs, and for which key. */
  configure(status: WritingStatus | null): void {
    this.enabled = !!status?.enabled && !!status.typing?.asYouType && status.tier !== 'unconfigured';
    this.paidOnly = status?.tier === 'free';
    this.pauseMs = status?.typing?.pauseMs ?? DEFAULT_PAUSE_MS;
    this.nextKey.value = status?.typing?.nextKey ?? DEFAULT_NEXT_KEY;
    if (!this.enabled) this.others.clear();
    if (!this.enabled && this.phase.value !== 'stopped') this.phase.value = 'off';
    else if (this.enabled && this.phase.value === 'off') this.phase.value = 'idle';
  }

  get checking(): boolean {
    return this.enabled;
  }

  /** The person is in `field` (focused, clicked): its card and counter from now on; the field left keeps its own. */
  attach(field: EligibleField): void {
    const left = this.field.value;
    if (left?.element === field.element) return;
    batch(() => {
      if (left && this.enabled) this.others.keep(left, this.text.value);
      this.others.drop(field.element);
      this.field.value = field;
      this.text.value = this.deps.readText(field);
      this.active.value = null;
      this.listOpen.value = false;
    });
    this.cancelPause?.();
    this.cancelLongPause?.();
  }

  /** The field went away or was disabled: nothing is shown for it any more. */
  detach(): void {
    this.cancelPause?.();
    this.cancelLongPause?.();
    batch(() => {
      this.field.value = null;
      this.text.value = '';
      this.active.value = null;
      this.listOpen.value = false;
    });
  }

  /** The person typed in `field` (a trusted input event): read its text and wait for the pause. */
  onInput(field: EligibleField): void {
    if (this.disposed) return;
    this.attach(field);
    const later = this.deps.readsLater?.(field) ?? false;
    batch(() => {
      if (!later) this.text.value = this.deps.readText(field);
      // Typing on closes a card.
      this.active.value = null;
    });
    if (!this.enabled) return;
    if (this.paidOnly) {
      this.notice.say(describeWritingError({ name: 'Error', code: 'paid_only', message: '' }));
      return;
    }
    if (this.phase.value === 'stopped') return;
    // A new key is a new chance after failures that made checking wait.
    if (this.failures >= MAX_FAILURES) this.failures = 0;
    this.cancelPause?.();
    this.cancelLongPause?.();
    if (this.phase.value === 'idle') this.phase.value = 'waiting';
    this.cancelPause = this.deps.clock.after(this.pauseMs, () => {
      this.cancelPause = undefined;
      void this.check(false);
      // The longer pause is for the sentence at the caret, left out while unfinished: with none, nothing waits.
      if (!this.caretLeft) return;
      this.cancelLongPause = this.deps.clock.after(this.pauseMs * (LONG_PAUSE_FACTOR - 1), () => {
        this.cancelLongPause = undefined;
        void this.check(true);
      });
    });
  }

  /**
   * The field's text again, after the page changed it or before drawing: as just read by the caller (the
   * underline layer reads an editable region once), else read now.
   */
  refresh(text?: string): void {
    const field = this.field.value;
    if (field) this.text.value = text ?? this.deps.readText(field);
  }

  /**
   * Sends the sentences that have no answer yet. The sentence the caret is in or at the end of is left
   * for later while it has no full stop (the person is still typing it), unless `withCaret`.
   */
  async check(withCaret: boolean): Promise<void> {
    this.caretLeft = false;
    const field = this.field.value;
    if (this.disposed || !field || !this.enabled || this.paidOnly) return;
    if (this.phase.value === 'stopped' || this.phase.value === 'backoff' || this.failures >= MAX_FAILURES) return;
    if (this.inFlight) {
      this.again = (this.again ?? false) || withCaret;
      this.caretLeft = true;
      return;
    }
    const text = this.deps.readText(field);
    this.text.value = text;
    const caret = this.deps.readCaret(field);
    const byText = this.answers.byText.value;
    const wanted = uncheckedSentences(this.sentences.value, byText, withCaret ? null : caret);
    this.caretLeft = !withCaret && caret !== null && unfinishedAt(this.sentences.value, byText, caret);
    if (wanted.size === 0) {
      this.phase.value = 'idle';
      return;
    }
    const sentences = [...wanted.keys()];
    this.inFlight = true;
    this.phase.value = 'checking';
    // Each sentence goes with its paragraph's language, so each paragraph is checked in its own.
    const langs = await this.deps.languages?.(text, [...wanted.values()]);
    const result = await this.deps.send('writing.check', langs?.some(Boolean) ? { sentences, langs } : { sentences });
    this.inFlight = false;
    if (this.disposed) return;
    let error: ErrorInfo | undefined;
    if (result.ok) {
      this.answers.keep(sentences.slice(0, result.value.results.length), result.value.results);
      error = result.value.error;
    } else error = result.error;
    if (error) this.failed(error, sentences.slice(result.ok ? result.value.results.length : 0));
    else {
      this.failures = 0;
      this.phase.value = 'idle';
    }
    const again = this.again;
    this.again = null;
    if (again !== null && this.phase.value === 'idle') await this.check(again);
  }

  private failed(error: ErrorInfo, unanswered: readonly string[]): void {
    if (error.code === 'quota_exceeded' || error.code === 'paid_only' || error.code === 'auth') {
      this.phase.value = 'stopped';
      this.notice.say(describeTypingStop(error));
      return;
    }
    if (error.code === 'site_disabled') {
      this.enabled = false;
      this.others.clear();
      this.phase.value = 'off';
      return;
    }
    if (!isTransient(error)) {
      // The answer cannot be used (refused, out of proportion): those sentences stay unchecked, not resent.
      this.answers.keep(unanswered, []);
      this.phase.value = 'idle';
      return;
    }
    this.failures++;
    if (this.failures >= MAX_FAILURES) {
      this.phase.value = 'idle';
      return;
    }
    const delay =
      error.retryAfterMs ?? backoffDelay(this.failures, DEFAULT_RETRY_POLICY, this.deps.random ?? Math.random);
    this.phase.value = 'backoff';
    this.cancelBackoff = this.deps.clock.after(delay, () => {
      this.cancelBackoff = undefined;
      if (this.phase.value !== 'backoff') return;
      this.phase.value = 'idle';
      void this.check(true);
    });
  }

  /** The field still holds the suggestion's words where it says: otherwise the text is read again. */
  /** The suggestions of the field's text as it is now (typing in an editable region may not have read it). */
  private current(): Suggestion[] {
    const field = this.field.value;
    if (field) this.text.value = this.deps.readText(field);
    return this.suggestions.value;
  }

  private stillThere(s: Suggestion): boolean {
    const field = this.field.value;
    if (!field) return false;
    const text = this.deps.readText(field);
    if (text.slice(s.sentence.start, s.sentence.end) === s.sentence.text) return true;
    this.text.value = text;
    return false;
  }

  /** Applies suggestions through the field's own editing path; the sentences they leave keep their answer. */
  private applyMany(list: readonly Suggestion[]): void {
    const field = this.field.value;
    if (!field || list.length === 0) return;
    const { edits, after } = editsOf(list);
    this.deps.apply(field, edits);
    const answers = this.answers.byText.value;
    const kept = [...after].map(([sentence, text]) => [text, answers.get(sentence.text) ?? null] as const);
    batch(() => {
      this.answers.keep(
        kept.map(([text]) => text),
        kept.map(([, corrected]) => corrected),
      );
      this.text.value = this.deps.readText(field);
      this.active.value = null;
    });
  }

  apply(key: string): boolean {
    const s = this.current().find((x) => x.key === key);
    if (!s || !this.stillThere(s)) return false;
    this.applyMany([s]);
    return true;
  }

  applyAll(): void {
    const list = this.current().filter((s) => this.stillThere(s));
    this.applyMany(list);
    this.listOpen.value = false;
  }

  ignore(key: string): void {
    batch(() => {
      this.ignored.value = new Set([...this.ignored.value, key]);
      if (this.active.value?.key === key) this.active.value = null;
    });
  }

  /** The personal dictionary as the background keeps it (asked once a page, when checking starts). */
  loadDictionary(): Promise<void> {
    return this.dictionary.load(() => !this.disposed);
  }

  /** Adds the word to the personal dictionary, kept by the background for every site. */
  async ignoreEverywhere(key: string): Promise<void> {
    const s = this.suggestions.value.find((x) => x.key === key);
    if (!s) return;
    // One render: the card closes as the word leaves the underlines.
    const added = batch(() => {
      if (this.active.value?.key === key) this.active.value = null;
      return this.dictionary.add(s.original);
    });
    await added;
  }

  rephrase(key: string): void {
    const s = this.current().find((x) => x.key === key);
    const field = this.field.value;
    if (!s || !field || !this.stillThere(s)) return;
    this.active.value = null;
    this.deps.rephrase(field, s.sentence.start, s.sentence.end);
  }

  /** A click in the field at `offset`: the card of the suggestion there, or none. */
  openAt(offset: number): void {
    const s = suggestionAt(this.current(), offset);
    this.active.value = s ? { key: s.key, via: 'pointer' } : null;
  }

  /** The shortcut: the next (or previous) suggestion after the open one, else from the caret; it wraps. */
  step(direction: 1 | -1): boolean {
    const field = this.field.value;
    const caret = () => (field && this.deps.readCaret(field)) ?? 0;
    const next = nextSuggestion(this.current(), this.active.value?.key, caret, direction);
    if (!next) return false;
    this.active.value = { key: next.key, via: 'keyboard' };
    return true;
  }

  /** Tab from the field while a card opened by the keyboard shows: the keyboard goes into the card. */
  focusCard(): boolean {
    const active = this.active.value;
    if (active?.via !== 'keyboard' || !this.activeSuggestion.value) return false;
    this.active.value = { ...active, focus: true };
    return true;
  }

  closeCard(): void {
    this.active.value = null;
  }

  toggleList(): void {
    batch(() => {
      this.listOpen.value = !this.listOpen.value;
      this.active.value = null;
    });
  }

  dispose(): void {
    this.disposed = true;
    this.others.clear();
    this.cancelPause?.();
    this.cancelLongPause?.();
    this.cancelBackoff?.();
    this.detach();
  }
}
