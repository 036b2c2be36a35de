import {
  documentElementOf,
  getAttribute,
  querySelectorIn,
  removeAttribute,
  setAttribute,
  textContentOf,
  titleOf,
} from '../../page/dom.ts';
import { escapeText, langsBeforeVerso } from '../../page/index.ts';
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
 * The tab's title and `<html lang>` while the page is translated: the title goes with the page's first
 * segments (the same request, the same cache; abandoned with the page's other work when it is left) and
 * is written once its answer is in; the root's `lang` says the target language while the translation
 * replaces the original (the bilingual view keeps the page's own, its lines carry theirs). "Show original"
 * puts both back exactly, a missing `lang` too, but only what is still Verso's: a page that set its own
 * title meanwhile (single-page apps) keeps it.
 */
export class PageTitle {
  /** `raw`: the <title>'s own text, white space and all, written back as it was. */
  private saved: { title: string; raw: string; lang: string | null } | undefined;
  private wroteTitle: string | undefined;
  private wroteLang: string | undefined;
  /** The title's segment of the current start, once sent. */
  private sent: { id: string; title: string } | undefined;
  private starting = true;
  /** Titles translated on this page: showing the translation again asks the service nothing. */
  private readonly known = new Map<string, string>();
  private targetLang: string | undefined;

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
    const root = documentElementOf(this.doc);
    if (!root) return;
    if (!this.saved) {
      const element = querySelectorIn(this.doc, 'title');
      const title = titleOf(this.doc);
      this.saved = { title, raw: (element && textContentOf(element)) ?? title, lang: getAttribute(root, 'lang') };
    }
    this.targetLang = view.targetLang.toLowerCase();
    // The root's `lang` is written once the page's translation has come in (reading, done or stopped), not
    // while answers are still merged: changing it restyles and lays out the whole page (2.7 s of one task on
    // the 1,500-block article on a busy machine), which would hold the first screen behind it.
    if (view.shown !== 'translated') this.restoreLang(root);
    else if (view.phase !== 'translating') this.setLang(root, this.targetLang);
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
    return [...segments, { id: this.sent.id, text: escapeText(title), params: first.params, priority: first.priority }];
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

  /** Puts back the page's title and `lang`, where they are still what Verso wrote. */
  restore(): void {
    const saved = this.saved;
    if (!saved) return;
    if (this.wroteTitle !== undefined && titleOf(this.doc) === this.wroteTitle) writeTitle(this.doc, saved.raw);
    const root = documentElementOf(this.doc);
    if (root) this.restoreLang(root);
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

  private setLang(root: HTMLElement, lang: string): void {
    if (this.wroteLang === lang && getAttribute(root, 'lang') === lang) return;
    if (this.wroteLang === undefined) langsBeforeVerso.set(root, this.saved?.lang ?? null);
    setAttribute(root, 'lang', lang);
    this.wroteLang = lang;
  }

  private restoreLang(root: HTMLElement): void {
    if (this.wroteLang === undefined) return;
    if (getAttribute(root, 'lang') === this.wroteLang) {
      const lang = this.saved?.lang ?? null;
      if (lang === null) removeAttribute(root, 'lang');
      else setAttribute(root, 'lang', lang);
    }
    langsBeforeVerso.delete(root);
    this.wroteLang = undefined;
  }
}
