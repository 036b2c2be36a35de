import { alreadyInLanguage } from '../../languages/index.ts';
import { declaredLangOf, type Unit } from './segments/index.ts';

/** What the browser's own detector answers (`i18n.detectLanguage`, CLD in Chrome and Firefox). */
export interface Detection {
  isReliable: boolean;
  languages: ReadonlyArray<{ language: string; percentage: number }>;
}
export type DetectLanguage = (text: string) => Promise<Detection>;

/**
 * Below this many letters a detector guesses: such text is sent. Scripts of their own (Japanese, Chinese,
 * Korean, Thai...) say more per letter, so a sentence there counts fewer.
 */
export const MIN_LETTERS = 24;
const MIN_LETTERS_DENSE = 10;
/** The share of the text the detector must give the target's language. */
export const MIN_PERCENTAGE = 80;

const LETTERS = /\p{L}/gu;
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** A unit's text as a reader sees it: the markup's tags out, its few escapes back. */
export function plainTextOf(unit: Unit): string {
  if (unit.kind === 'attr') return unit.original;
  return unit.source
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** Whether `text` is long enough for a detector to be sure of its language. */
const enoughLetters = (text: string): boolean =>
  (text.match(LETTERS)?.length ?? 0) >= (DENSE.test(text) ? MIN_LETTERS_DENSE : MIN_LETTERS);

/** Whether a detection says, with confidence, that `text` is in `target`'s language already. */
export function confidentlyIn(text: string, detection: Detection, target: string): boolean {
  if (!enoughLetters(text)) return false;
  const top = detection.languages[0];
  if (!detection.isReliable || !top || top.percentage < MIN_PERCENTAGE) return false;
  return alreadyInLanguage(top.language, target);
}

/**
 * Decides per block whether its text is already in the target's language, so a feed of posts in several
 * languages sends only those in other languages. A `lang` the page declared on the block or around it
 * (below `<html>`) decides; else the browser's detector, and only when it is sure: when unsure, the
 * text is sent. Units of a block left as it is are counted once per block.
 */
export class BlockLanguages {
  private readonly left = new WeakSet<Element>();
  private leftCount = 0;
  /** Units surely in another language than the page's declared source: the service detects theirs. */
  private readonly foreign = new WeakSet<Unit>();

  constructor(
    private readonly target: string,
    private readonly detect: DetectLanguage | undefined,
    /** The source language the plan sends (the page's `<html lang>`), if any. */
    private readonly source?: string,
  ) {}

  /** Whether a kept unit is surely not in the page's declared language (sent without `source_lang`). */
  isForeign(unit: Unit): boolean {
    return this.foreign.has(unit);
  }

  /** Blocks left as they are: already in the target's language. */
  get count(): number {
    return this.leftCount;
  }

  /** Blocks the page marked with the target's language (never cut): counted with those the detector left. */
  declared(blocks: readonly Element[]): void {
    for (const block of blocks) {
      if (this.left.has(block)) continue;
      this.left.add(block);
      this.leftCount++;
    }
  }

  /** The units to send, in their order: those not already in the target's language. */
  async keep(units: readonly Unit[]): Promise<Unit[]> {
    const detect = this.detect;
    if (!detect || units.length === 0) return [...units];
    const verdicts = await Promise.all(units.map((unit) => this.isTarget(unit, detect)));
    const kept: Unit[] = [];
    units.forEach((unit, i) => {
      if (!verdicts[i]) {
        kept.push(unit);
        return;
      }
      if (unit.kind === 'text' && !this.left.has(unit.target)) {
        this.left.add(unit.target);
        this.leftCount++;
      }
    });
    return kept;
  }

  private async isTarget(unit: Unit, detect: DetectLanguage): Promise<boolean> {
    // The page said which language the block is in: a `lang` of the target's was never cut (segments/).
    const declared = declaredLangOf(unit.kind === 'text' ? unit.target : unit.element);
    if (declared !== undefined) {
      this.markForeign(unit, declared);
      return false;
    }
    const text = plainTextOf(unit);
    if (!enoughLetters(text)) return false;
    let detection: Detection;
    try {
      detection = await detect(text);
    } catch {
      return false; // No detector answer: sent, as before there was one.
    }
    if (confidentlyIn(text, detection, this.target)) return true;
    const top = detection.languages[0];
    if (detection.isReliable && top && top.percentage >= MIN_PERCENTAGE) this.markForeign(unit, top.language);
    return false;
  }

  private markForeign(unit: Unit, language: string): void {
    if (unit.kind === 'text' && this.source && !alreadyInLanguage(language, this.source)) this.foreign.add(unit);
  }
}
