import { escapeText } from '../../dom/escape.ts';
import { documentElementOf, headOf, querySelectorIn, textContentOf, titleOf } from '../../dom/unclobbered.ts';
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

/** How long a title the page set has to stay before it is sent (apps set one or more per navigation). */
const TITLE_QUIET_MS = 250;

/** Sending a title the page set while translated: the page's late budget decides (budget.ts). */
export interface LateTitles {
  /** Sends one title segment if the late budget allows its characters; false when it did not. */
  send(segment: PageSegment): boolean;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The tab's title while the page is translated: it goes with the page's first segments (the same request,
 * the same cache; abandoned with the page's other work when it is left) and is written once its answer is
 * in. A title the page sets while translated (a single-page app's navigation, Turbo's new page) is
 * translated too: sent once it stayed for a moment, within the page's late budget, known afterwards.
 * "Show original" puts back the page's own title exactly, but only if it is still Verso's: a page that set
 * its own title meanwhile keeps it. The language is said by each translated block
 * (`segments/restore.ts`), not by `<html lang>`: changing the root's restyles and lays out the whole page at once.
 */
export class PageTitle {
  /** `raw`: the <title>'s own text, white space and all, written back as it was. */
  private saved: { title: string; raw: string } | undefined;
  private wroteTitle: string | undefined;
  /** The title segments sent, by id, with the title each asked for. */
  private readonly sent = new Map<string, string>();
  private sentCount = 0;
  private docId: string | undefined;
  private starting = true;
  /** Titles translated on this page: showing the translation again asks the service nothing. */
  private readonly known = new Map<string, string>();
  /** Watches the page's <title> while a translation is shown (nothing on a page not translated). */
  private observer: MutationObserver | undefined;
  private quiet: unknown;

  constructor(
    private readonly doc: Document,
    private readonly late?: LateTitles,
  ) {}

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
      this.takePageTitle();
      // Shown again after the original, on a title the page set meanwhile: it goes too.
      if (!this.starting) this.askLater();
    }
    this.write();
    this.watch();
  }

  /** The page's first segments of a start, with the title's (in the first segment's group) added. */
  attach(docId: string, segments: PageSegment[]): PageSegment[] {
    this.docId = docId;
    const first = segments[0];
    if (!this.starting || !first) return segments;
    this.starting = false;
    const title = this.saved?.title ?? titleOf(this.doc);
    if (title.trim() === '' || this.known.has(title)) return segments;
    return [...segments, this.segment(title, first.group, first.priority)];
  }

  /** Whether a delivered id is a title's (not one of the page's units). */
  isTitle(id: string): boolean {
    return this.sent.has(id);
  }

  /** Takes a title's answer out of a delivery; true if `item` was one. */
  take(item: PageDelivered): boolean {
    const title = this.sent.get(item.id);
    if (title === undefined) return false;
    this.sent.delete(item.id);
    const translated = plainOf(item.text);
    if (translated) this.known.set(title, translated);
    this.write();
    return true;
  }

  /** Puts back the page's title, where it is still what Verso wrote. */
  restore(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.late?.clearTimeout(this.quiet);
    const saved = this.saved;
    if (!saved) return;
    if (this.wroteTitle !== undefined && titleOf(this.doc) === this.wroteTitle) writeTitle(this.doc, saved.raw);
    this.saved = undefined;
    this.wroteTitle = undefined;
  }

  private segment(title: string, group: PageSegment['group'], priority: PageSegment['priority']): PageSegment {
    const id = `${this.docId}.title${this.sentCount === 0 ? '' : this.sentCount}`;
    this.sentCount++;
    this.sent.set(id, title);
    return { id, text: escapeText(title), group, priority };
  }

  private takePageTitle(): void {
    const element = querySelectorIn(this.doc, 'title');
    const title = titleOf(this.doc);
    this.saved = { title, raw: (element && textContentOf(element)) ?? title };
  }

  /** Notices the page's own titles (a new <title>, its text changed) while the translation is shown. */
  private watch(): void {
    if (this.observer || !this.late) return;
    this.observer = new MutationObserver(() => this.pageChanged());
    // Only the head and the title matter (the body's changes are the page watcher's); a page that puts in
    // a new <head> is seen by the root's children.
    const root = documentElementOf(this.doc);
    if (root) this.observer.observe(root, { childList: true });
    this.observeHead();
  }

  private observeHead(): void {
    const head = headOf(this.doc);
    if (head) this.observer?.observe(head, { subtree: true, childList: true, characterData: true });
  }

  private pageChanged(): void {
    this.observeHead();
    const now = titleOf(this.doc);
    if (!this.saved || now === this.wroteTitle) return;
    if (now === this.saved.title) {
      // The page wrote its title again: its translation goes back.
      this.wroteTitle = undefined;
      this.write();
      return;
    }
    // The page set a title of its own: it is the original from now on, and its translation is shown.
    this.takePageTitle();
    this.wroteTitle = undefined;
    // A copy of a translated title (Turbo's snapshot of the head, back or forward): its original is known.
    for (const [title, translated] of this.known) {
      if (translated !== now) continue;
      this.saved = { title, raw: title };
      this.wroteTitle = now;
      return;
    }
    this.write();
    this.askLater();
  }

  /** Sends the page's current title once it stayed a moment, unless its translation is known or asked. */
  private askLater(): void {
    const late = this.late;
    if (!late) return;
    late.clearTimeout(this.quiet);
    this.quiet = late.setTimeout(() => {
      const title = this.saved?.title;
      if (title === undefined || this.docId === undefined || title.trim() === '' || this.known.has(title)) return;
      if ([...this.sent.values()].includes(title)) return;
      const segment = this.segment(title, 'html', 'visible');
      if (!late.send(segment)) this.sent.delete(segment.id);
    }, TITLE_QUIET_MS);
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
