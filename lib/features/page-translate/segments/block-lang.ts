import { getAttribute, removeAttribute, setAttribute } from '../../../dom/unclobbered.ts';
import { langsBeforeVerso } from './classify.ts';

/**
 * A block showing a translation says its language: a `lang` on the block, not on `<html>`, whose change
 * restyles and lays out the whole page at once (over 200 ms on a long article), and which would also
 * mark what is left in the original (code, parts not read yet). The page's own value is kept for the
 * passes that come later (`langsBeforeVerso`) and put back with the last unit shown in the original.
 */
export class BlockLangs {
  /** Blocks whose `lang` says the target language: how many of their units show a translation. */
  private readonly counts = new Map<Element, number>();
  private readonly lang: string;

  constructor(targetLang: string) {
    this.lang = targetLang.toLowerCase();
  }

  /** One more unit of `block` shows a translation. */
  mark(block: Element): void {
    const count = this.counts.get(block) ?? 0;
    this.counts.set(block, count + 1);
    if (count > 0) return;
    if (!langsBeforeVerso.has(block)) langsBeforeVerso.set(block, getAttribute(block, 'lang'));
    setAttribute(block, 'lang', this.lang);
  }

  /** One unit of `block` shows its original again (or is let go). */
  unmark(block: Element): void {
    const count = this.counts.get(block) ?? 0;
    if (count > 1) {
      this.counts.set(block, count - 1);
      return;
    }
    if (count === 0) return;
    this.counts.delete(block);
    const before = langsBeforeVerso.get(block) ?? null;
    langsBeforeVerso.delete(block);
    // The page set a language of its own meanwhile: it stays.
    if (getAttribute(block, 'lang') !== this.lang) return;
    if (before === null) removeAttribute(block, 'lang');
    else setAttribute(block, 'lang', before);
  }
}
