import { batch, signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import { t } from '../../ui/i18n.ts';
import { describeWritingError } from './describe.ts';
import type { Edit } from './diff-model.ts';
import type { EligibleField } from './eligibility.ts';
import type { TranslateGesture, WritingStatus } from './messages.ts';
import { splitSentences } from './sentences.ts';

export interface TypeTranslateDeps {
  send: Send;
  readText(field: EligibleField): string;
  readCaret(field: EligibleField): number | null;
  apply(field: EligibleField, edits: readonly Edit[]): void;
}

/** Three spaces typed in a row after a sentence. */
const THREE_SPACES = '   ';

/**
 * "Translate what I type": a keyboard gesture in a text field (three spaces after a sentence, or
 * Alt+Enter, as the person chose) replaces the sentence just typed with its translation into the site's
 * chosen target. The replacement goes through the field's own editing, so Ctrl+Z brings the sentence
 * back; if the person changed those words while the translation was out, nothing is replaced.
 */
export class TypeTranslateModel {
  /** The translation on its way, and its target. */
  readonly busy = signal<{ targetLang: string } | null>(null);
  readonly error = signal<string | null>(null);

  private gesture: TranslateGesture = 'off';
  private targetLang = '';
  private enabled = false;
  private disposed = false;

  constructor(private readonly deps: TypeTranslateDeps) {}

  configure(status: WritingStatus | null): void {
    this.enabled = !!status?.enabled && status.tier !== 'unconfigured';
    this.gesture = status?.typing?.translateGesture ?? 'off';
    this.targetLang = status?.typing?.translateTo ?? '';
  }

  get active(): boolean {
    return this.enabled && this.gesture !== 'off' && !!this.targetLang;
  }

  /** A trusted input event in `field`: three spaces after a sentence start its translation. */
  onInput(field: EligibleField, inputType: string | undefined, data: string | null | undefined): boolean {
    if (!this.active || this.gesture !== 'three-spaces') return false;
    if (inputType !== 'insertText' || !data || data.trim() !== '' || data.length !== 1) return false;
    const text = this.deps.readText(field);
    const caret = this.deps.readCaret(field);
    if (caret === null || caret < THREE_SPACES.length || text.slice(caret - 3, caret) !== THREE_SPACES) return false;
    return this.translateBefore(field, text, caret, caret - 3, ' ');
  }

  /** Alt+Enter in `field`: the sentence before the caret is translated (the key does nothing else). */
  onAltEnter(field: EligibleField): boolean {
    if (!this.active || this.gesture !== 'alt-enter') return false;
    const text = this.deps.readText(field);
    const caret = this.deps.readCaret(field);
    if (caret === null) return false;
    return this.translateBefore(field, text, caret, caret, undefined);
  }

  /**
   * Translates the last sentence that ends before `end` (only whitespace between), replacing it and
   * everything up to the caret; `after` follows the translation (else the whitespace that was there).
   */
  private translateBefore(
    field: EligibleField,
    text: string,
    caret: number,
    end: number,
    after: string | undefined,
  ): boolean {
    if (this.busy.value) return false;
    const sentence = splitSentences(text.slice(0, end)).at(-1);
    if (!sentence || text.slice(sentence.end, end).trim() !== '') return false;
    const replaced = text.slice(sentence.start, caret);
    void this.run(field, sentence.start, caret, replaced, sentence.text, after ?? text.slice(sentence.end, caret));
    return true;
  }

  private async run(
    field: EligibleField,
    start: number,
    end: number,
    replaced: string,
    sentence: string,
    after: string,
  ): Promise<void> {
    batch(() => {
      this.busy.value = { targetLang: this.targetLang };
      this.error.value = null;
    });
    const result = await this.deps.send('writing.translate', { text: sentence });
    if (this.disposed) return;
    this.busy.value = null;
    if (!result.ok) {
      this.error.value = describeWritingError(result.error);
      return;
    }
    if (this.deps.readText(field).slice(start, end) !== replaced) {
      this.error.value = t(
        'writingTranslateChanged',
        'The sentence changed while it was being translated, so Verso left it as it is.',
      );
      return;
    }
    this.deps.apply(field, [{ start, end, text: `${result.value.text}${after}` }]);
  }

  dismissError(): void {
    this.error.value = null;
  }

  dispose(): void {
    this.disposed = true;
  }
}
