/** `split_sentences`: `0` none, `1` punctuation and newlines, `nonewlines` punctuation only. */
export type SplitSentences = '0' | '1' | 'nonewlines';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Ends a sentence when whitespace follows. */
const STOP = new Set(['.', '!', '?', '…']);
/** Ends a sentence by itself (CJK full stops are not followed by a space). */
const WIDE_STOP = new Set(['。', '！', '？']);

/**
 * Makes sentence splitting observable: without `preserve_formatting` the engine, like a real one,
 * normalises the first letter of each sentence to upper case. Which positions start a sentence depends
 * on `split_sentences`, and on splitting tags in markup. The state runs across the pieces of one text.
 */
export class SentenceCaser {
  private atStart = true;
  private afterStop = false;

  constructor(
    private readonly split: SplitSentences,
    private readonly enabled: boolean,
  ) {}

  /** A splitting tag: what follows starts a sentence. */
  boundary(): void {
    if (this.split !== '0') this.atStart = true;
  }

  /**
   * Feeds a run of output text. `editable` runs may have their sentence-initial letter upper-cased;
   * fixed runs (glossary phrases, ignored content) only move the state. `opaque` runs (character
   * references) do neither.
   */
  feed(text: string, mode: 'editable' | 'fixed' | 'opaque'): string {
    if (mode === 'opaque') return text;
    let out = '';
    for (const ch of text) {
      if (LETTER_OR_DIGIT.test(ch)) {
        out += this.atStart && this.enabled && mode === 'editable' ? ch.toUpperCase() : ch;
        this.atStart = false;
        this.afterStop = false;
        continue;
      }
      out += ch;
      if (this.split === '0') continue;
      if (STOP.has(ch)) this.afterStop = true;
      else if (WIDE_STOP.has(ch)) this.atStart = true;
      else if (/\s/u.test(ch)) {
        if (this.afterStop || (ch === '\n' && this.split === '1')) this.atStart = true;
        this.afterStop = false;
      }
    }
    return out;
  }
}
