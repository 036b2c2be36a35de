import {
  documentElementOf,
  getAttribute,
  querySelectorIn,
  removeAttribute,
  setAttribute,
  textContentOf,
  titleOf,
} from '../../page/dom.ts';
import { langsBeforeVerso } from '../../page/index.ts';
import type { PageView } from './messages.ts';

const titleSetter = Object.getOwnPropertyDescriptor(Document.prototype, 'title')?.set;
const writeTitle = (doc: Document, title: string) => titleSetter?.call(doc, title);

export interface PageTitleDeps {
  doc: Document;
  /**
   * The title in the target language (the page's parameters), or undefined when it could not be had.
   * `pageLang`: the page's own `lang` (the root's may say the target language by then).
   */
  translate(title: string, pageLang: string | null): Promise<string | undefined>;
}

/**
 * The tab's title and `<html lang>` while the page is translated: the title is translated, and the root's
 * `lang` says the target language while the translation replaces the original (the bilingual view keeps
 * the page's own, its lines carry theirs). "Show original" puts both back exactly, a missing `lang` too,
 * but only what is still Verso's: a page that set its own title meanwhile (single-page apps) keeps it.
 */
export class PageTitle {
  /** `raw`: the <title>'s own text, white space and all, written back as it was. */
  private saved: { title: string; raw: string; lang: string | null } | undefined;
  private wroteTitle: string | undefined;
  private wroteLang: string | undefined;
  /** Answers that arrive after a restore or a new start are dropped. */
  private round = 0;
  private asked = false;
  /** Titles translated on this page: showing the translation again asks the service nothing. */
  private readonly known = new Map<string, string>();

  constructor(private readonly deps: PageTitleDeps) {}

  /** Follows the page's view: on while a translation is shown, off with the original. */
  follow(view: PageView): void {
    const on =
      view.phase !== 'idle' && view.phase !== 'preparing' && view.phase !== 'error' && view.shown !== 'original';
    if (!on || !view.targetLang) {
      this.restore();
      return;
    }
    const { doc } = this.deps;
    const root = documentElementOf(doc);
    if (!root) return;
    if (!this.saved) {
      const element = querySelectorIn(doc, 'title');
      const title = titleOf(doc);
      this.saved = { title, raw: (element && textContentOf(element)) ?? title, lang: getAttribute(root, 'lang') };
    }
    // Once the page's first answers are in: the title waits behind the text on screen, and a page the
    // service does not answer asks nothing more.
    if (!this.asked && view.progress.done > 0 && this.saved.title.trim() !== '') {
      this.asked = true;
      void this.translateTitle(this.saved, view.targetLang, this.round);
    }
    if (view.shown === 'translated') this.setLang(root, view.targetLang.toLowerCase());
    else this.restoreLang(root);
  }

  /** Puts back the page's title and `lang`, where they are still what Verso wrote. */
  restore(): void {
    this.round++;
    this.asked = false;
    const saved = this.saved;
    if (!saved) return;
    const { doc } = this.deps;
    if (this.wroteTitle !== undefined && titleOf(doc) === this.wroteTitle) writeTitle(doc, saved.raw);
    const root = documentElementOf(doc);
    if (root) this.restoreLang(root);
    this.saved = undefined;
    this.wroteTitle = undefined;
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

  private async translateTitle(
    { title, lang: pageLang }: { title: string; lang: string | null },
    lang: string,
    round: number,
  ): Promise<void> {
    const key = `${lang}\n${title}`;
    const translated = this.known.get(key) ?? (await this.deps.translate(title, pageLang).catch(() => undefined));
    if (translated) this.known.set(key, translated);
    const { doc } = this.deps;
    // Too late (shown the original, or started again), or the page set a title of its own meanwhile.
    if (round !== this.round || !translated || titleOf(doc) !== title) return;
    writeTitle(doc, translated);
    this.wroteTitle = titleOf(doc);
  }
}
