import { escapeText } from '../../dom/escape.ts';
import { querySelectorIn, textContentOf, titleOf } from '../../dom/unclobbered.ts';
import type { PageDelivered, PageSegment, PageView } from './messages.ts';

/** `document.title = title` through the prototypes: an element named "title" cannot stand in for it. */
function writeTitle(doc: Document, title: string): void {
  for (let p = Object.getPrototypeOf(doc) as object | null; p; p = Object.getPrototypeOf(p) as object | null) {
    const set = Object.getOwnPropertyDescriptor(p, 'title')?.set;
    if (set) {
      set.call(doc, title);
      return;
    }
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of an answer to escaped text: tags dropped, character references read. Never parsed as HTML. */
export function plainOf(answer: string): string {
  return answer
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The tab's title while the page is translated: it goes with the page's first segments (the same request,
 * the same cache; abandoned with the page's other work when it is left) and is written once its answer is
 * in. "Show original" puts it back exactly, but only if it is still Verso's: a page that set its own title
 * meanwhile (single-page apps) keeps it. The language is said by each translated block
 * (`segments/restore.ts`), not by `<html lang>`: changing the root's restyles and lays out the whole page at once.
 */
export class PageTitle {
  /** `raw`: the <title>'s own text, white space and all, written back as it was. */
  private saved: { title: string; raw: string } | undefined;
  private wroteTitle: string | undefined;
  /** The title's segment of the current start, once sent. */
  private sent: { id: string; title: string } | undefined;
  private starting = true;
  /** Titles translated on this page: showing the translation again asks the service nothing. */
  private readonly known = new Map<string, string>();

  constructor(private readonly doc: Document) {}

  /** Follows the page's view: on while a translation is shown, off with the original. */
  follow(view: PageView): void {
    if (view.phase === 'preparing') this.starting = true;
    const on =
      view.phase !== 'idle' && view.phase !== 'preparing' && view.phase !== 'error' && view.shown !== 'original';
    if (!on || !view.targetLang) {
      this.restore();
      return;
    }
    if (!this.saved) {
      const element = querySelectorIn(this.doc, 'title');
      const title = titleOf(this.doc);
      this.saved = { title, raw: (element && textContentOf(element)) ?? title };
    }
    this.write();
  }

  /** The page's first segments of a start, with the title's (in the first segment's group) added. */
  attach(docId: string, segments: PageSegment[]): PageSegment[] {
    const first = segments[0];
    if (!this.starting || !first) return segments;
    this.starting = false;
    const title = this.saved?.title ?? titleOf(this.doc);
    if (title.trim() === '' || this.known.has(title)) return segments;
    this.sent = { id: `${docId}.title`, title };
    return [...segments, { id: this.sent.id, text: escapeText(title), group: first.group, priority: first.priority }];
  }

  /** Whether a delivered id is the title's (not one of the page's units). */
  isTitle(id: string): boolean {
    return this.sent?.id === id;
  }

  /** Takes the title's answer out of a delivery; true if `item` was it. */
  take(item: PageDelivered): boolean {
    if (!this.sent || item.id !== this.sent.id) return false;
    const translated = plainOf(item.text);
    if (translated) this.known.set(this.sent.title, translated);
    this.write();
    return true;
  }

  /** Puts back the page's title, where it is still what Verso wrote. */
  restore(): void {
    const saved = this.saved;
    if (!saved) return;
    if (this.wroteTitle !== undefined && titleOf(this.doc) === this.wroteTitle) writeTitle(this.doc, saved.raw);
    this.saved = undefined;
    this.wroteTitle = undefined;
  }

  /** Writes the known translation while a translation is shown and the page kept the title it had. */
  private write(): void {
    const saved = this.saved;
    if (!saved || this.wroteTitle !== undefined) return;
    const translated = this.known.get(saved.title);
    if (!translated || titleOf(this.doc) !== saved.title) return;
    writeTitle(this.doc, translated);
    this.wroteTitle = titleOf(this.doc);
  }
}
