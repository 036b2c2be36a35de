import { browser } from 'wxt/browser';
import { MAX_DETECTED_CHARS } from './messages.ts';

/**
 * Paragraphs shorter than this are left to the service, which detects each sentence's language: on a
 * sentence or two the browser's detector can be sure and wrong.
 */
const MIN_CHARS = 40;
/** Paragraph languages kept per frame (by paragraph text), so a paragraph is detected once. */
const KEPT = 200;

export type DetectLanguage = (text: string) => Promise<string | undefined>;

/**
 * The language of a paragraph, by the browser's own detector (`i18n.detectLanguage`: on the device, no
 * character sent); undefined when it is not sure. A paragraph gives a short sentence the language of the
 * text around it, which the sentence alone may not (`check.background.ts` sends it as the request's).
 * Run in the background (`writing.language`): the detector runs on the thread that calls it.
 */
export const browserDetect: DetectLanguage = async (text) => {
  if (text.trim().length < MIN_CHARS) return undefined;
  try {
    const result = await browser.i18n.detectLanguage(text);
    const best = result.languages[0];
    return best && result.isReliable ? best.language : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `ask` (the background's detector) for a paragraph long enough to be sure of, with its beginning only:
 * a short one costs no message.
 */
export function detectVia(ask: (text: string) => Promise<string | undefined>): DetectLanguage {
  return async (text) => (text.trim().length < MIN_CHARS ? undefined : ask(text.slice(0, MAX_DETECTED_CHARS)));
}

/** The paragraph (the line, as fields and editors give their text) around `start..end` of `text`. */
export function paragraphAround(text: string, start: number, end: number): string {
  const from = start === 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1;
  const stop = text.indexOf('\n', end);
  return text.slice(from, stop < 0 ? text.length : stop);
}

/**
 * A long paragraph is known by its beginning: one being written grows at its end and keeps its
 * language, and the detector (on the page's main thread) is not asked again on every pause.
 */
const SETTLED_CHARS = 150;

function keyOf(paragraph: string): string {
  return paragraph.length > SETTLED_CHARS ? `${paragraph.slice(0, SETTLED_CHARS)}\u0000…` : paragraph;
}

/**
 * A paragraph whose language the detector was sure of is known by its beginning from then on (its first
 * `SURE_CHARS`, or all of it when it was shorter), as it grows: a paragraph being written is detected at
 * its first pause with enough text for the detector to be sure, not at every one until it is long. Each
 * detection costs the page's main thread a few tenths of a millisecond, in the pause after a sentence.
 */
const SURE_CHARS = 80;

/**
 * Detects each paragraph once (by its text, a long one by its beginning, one already detected for sure
 * by its first `SURE_CHARS`), for the sentences of a check.
 */
export class ParagraphLanguages {
  private readonly known = new Map<string, string | undefined>();
  /** Languages the detector was sure of, by the first `SURE_CHARS` of their paragraph. */
  private readonly sure = new Map<string, string>();
  /** The same for paragraphs that were shorter when detected, by all their text (a paragraph's start). */
  private readonly sureShort = new Map<string, string>();

  constructor(private readonly detect: DetectLanguage) {}

  /** The language the detector was sure of for the beginning of `paragraph`, if any. */
  private sureOf(paragraph: string): string | undefined {
    const kept = paragraph.length >= SURE_CHARS ? this.sure.get(paragraph.slice(0, SURE_CHARS)) : undefined;
    if (kept) return kept;
    for (const [start, language] of this.sureShort) if (paragraph.startsWith(start)) return language;
    return undefined;
  }

  private remember(paragraph: string, language: string): void {
    const short = paragraph.length < SURE_CHARS;
    const map = short ? this.sureShort : this.sure;
    if (map.size >= KEPT) map.delete(map.keys().next().value!);
    map.set(short ? paragraph : paragraph.slice(0, SURE_CHARS), language);
  }

  /** The language of each span's paragraph in `text` ('' when unknown). */
  async of(text: string, spans: readonly { start: number; end: number }[]): Promise<string[]> {
    const keys = spans.map((s) => keyOf(paragraphAround(text, s.start, s.end)));
    const paragraphs = new Map(spans.map((s, i) => [keys[i]!, s]));
    for (const [key, span] of paragraphs) {
      if (this.known.has(key)) continue;
      const paragraph = paragraphAround(text, span.start, span.end);
      const sure = this.sureOf(paragraph);
      const language = sure ?? (await this.detect(paragraph));
      if (this.known.size >= KEPT) this.known.delete(this.known.keys().next().value!);
      this.known.set(key, language);
      if (language && !sure) this.remember(paragraph, language);
    }
    return keys.map((k) => this.known.get(k) ?? '');
  }
}
