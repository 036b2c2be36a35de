import { effect, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { handle } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import { pdfOfReader } from '../../reader/url.ts';
import { t } from '../../ui/i18n.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import { clearLayer, drawLayer } from './layer.ts';
import { ReaderModel } from './model.ts';
import type { Paragraph } from './paragraphs.ts';
import { type DisplayMode, ReadingModel } from './reading-model.ts';
import { PdfView } from './viewer.ts';

/** A document id as page translation names documents (`[A-Za-z0-9]`). */
function newDocId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** The match pattern of a PDF's site: its scheme and host (Firefox's patterns name no port). */
function accessPattern(origin: string): string {
  const { protocol, hostname } = new URL(origin);
  return `${protocol}//${hostname}/*`;
}

async function fetchPdf(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The reader page's wiring: the file (ReaderModel), pdf.js's viewer (PdfView), translate as you read
 * (ReadingModel, created once a document is open), the pages on screen, and Verso's layer on each page.
 */
export class ReaderPage {
  readonly file: ReaderModel;
  readonly mode = signal<DisplayMode>('over');
  readonly page = signal(1);
  readonly scale = signal(1);
  /** The translate-as-you-read model of the open document (a new one for each file). */
  readonly reading = signal<ReadingModel | undefined>(undefined);
  readonly view: PdfView;
  private readonly stops: Array<() => void> = [];
  private observer: IntersectionObserver | undefined;
  private readonly onScreen = new Set<number>();

  constructor(
    readonly container: HTMLDivElement,
    workerSrc: string,
  ) {
    this.view = new PdfView(container, workerSrc, {
      onPageDrawn: (page) => this.draw(page),
      onPageChange: (page) => {
        this.page.value = page;
      },
      onScale: (scale) => {
        this.scale.value = scale;
      },
    });
    this.file = new ReaderModel({
      fetchPdf,
      hasAccess: (origin) => browser.permissions.contains({ origins: [accessPattern(origin)] }),
      requestAccess: (origin) => browser.permissions.request({ origins: [accessPattern(origin)] }),
      open: async (data, password) => {
        const opened = await this.view.open(data, password);
        if ('pages' in opened) this.started(opened.pages);
        return opened;
      },
    });
    // Page translation's answers for this tab come to its top frame: this page.
    this.stops.push(
      handle('page.results', ({ items }) => {
        this.reading.value?.receive(items);
        return null;
      }),
      handle('page.failed', ({ ids, error }) => {
        this.reading.value?.fail(ids, error);
        return null;
      }),
      handle('page.doc', () => ({ docId: this.docId })),
      handle('page.retrying', () => null),
    );
  }

  private docId = newDocId();

  /**
   * Verso's content features in the reader, as on a web page: the selection's button and bubble over the
   * text layer (the others run on web pages only). The same bundle the bootstrap brings into a page; its
   * messages come from this page, and count against the PDF's site (lib/reader/url.ts).
   */
  private loadContentFeatures(): void {
    const script = document.createElement('script');
    // The package's own address: getURL gives the per-session address web pages use (use_dynamic_url).
    script.src = new URL('/features.js', location.href).href;
    document.head.append(script);
  }

  /** Opens what the page's address names (`?file=`), if anything. */
  start(): void {
    this.loadContentFeatures();
    const file = pdfOfReader(location.href);
    if (file) void this.file.openUrl(file);
  }

  private started(pages: number): void {
    this.reading.value?.dispose();
    this.docId = newDocId();
    const file = this.file.fileUrl;
    const reading = new ReadingModel({
      send,
      text: (page) => this.view.text(page),
      pages,
      docId: this.docId,
      host: (file && siteHostOf(file)) || 'pdf',
      ...(file ? { title: decodeURIComponent(file.split('/').pop() ?? '') } : {}),
    });
    this.reading.value = reading;
    this.stops.push(
      effect(() => {
        // Redraw the pages on screen when translations, the shown state or the cut pages change.
        void reading.translations.value;
        void reading.shown.value;
        void reading.paragraphs.value;
        for (const page of this.onScreen) this.draw(page);
      }),
    );
    // Pages the viewer made are watched: the ones on screen are cut and (when translating) sent.
    queueMicrotask(() => this.watchPages());
  }

  private watchPages(): void {
    this.observer?.disconnect();
    this.onScreen.clear();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const page = Number((entry.target as HTMLElement).dataset.pageNumber);
          if (!page) continue;
          if (entry.isIntersecting) this.onScreen.add(page);
          else this.onScreen.delete(page);
        }
        const pages = [...this.onScreen].sort((a, b) => a - b);
        // Cutting a page (its text) is cheap and shows "no text" notes; sending waits for Translate.
        for (const page of pages) void this.reading.value?.cut(page);
        void this.reading.value?.setVisible(pages);
      },
      { root: this.container },
    );
    this.observer = observer;
    const watch = () => {
      const divs = this.view.pageDivs();
      if (divs.length === 0) return false;
      for (const div of divs) observer.observe(div);
      return true;
    };
    if (!watch()) {
      const retry = () => {
        if (!watch()) requestAnimationFrame(retry);
      };
      requestAnimationFrame(retry);
    }
  }

  setMode(mode: DisplayMode): void {
    this.mode.value = mode;
    this.container.dataset.mode = mode;
    for (const page of this.onScreen) this.draw(page);
    this.view.refresh();
  }

  /** Verso's layer on one page: translations as the mode says, or the note for a page with no text. */
  private draw(page: number): void {
    const reading = this.reading.value;
    const pageView = this.view.pageView(page);
    if (!reading || !pageView) return;
    const paragraphs = reading.paragraphs.value.get(page);
    if (!paragraphs) return;
    const noText = reading.noText.value.has(page);
    if (!noText && reading.shown.value !== 'translated') {
      clearLayer(pageView.div);
      return;
    }
    const translations = reading.translations.value;
    drawLayer({
      div: pageView.div,
      scale: pageView.scale,
      paragraphs,
      mode: this.mode.value,
      translationOf: (p: Paragraph) => {
        const id = reading.idOf(p);
        return id ? translations.get(id) : undefined;
      },
      ...(noText
        ? {
            noText: t(
              'pdfNoText',
              'This page has no text, only an image (a scanned page?). Verso does not read text in images, so it cannot translate this page.',
            ),
          }
        : {}),
    });
  }

  /** Back to the browser's own viewer: once, without the offer or a redirect to the reader. */
  async openInBrowser(): Promise<void> {
    const file = this.file.fileUrl;
    if (!file) return;
    await send('pdf.back', { url: file });
    location.href = file;
  }

  dispose(): void {
    this.observer?.disconnect();
    for (const stop of this.stops) stop();
    this.reading.value?.dispose();
    this.file.dispose();
    this.view.destroy();
  }
}
