import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PageText, TextRun } from './paragraphs.ts';

/**
 * pdf.js's own viewer in the reader page: lazy page rendering, the text layer (select, copy), find and
 * zoom are the library's (`pdfjs-dist/web/pdf_viewer.mjs`). Loaded only by the reader page.
 */

export type OpenFailure = { kind: 'password'; wrong: boolean } | { kind: 'damaged' | 'failed'; message: string };

export interface ViewerEvents {
  /** A page's canvas and text layer were drawn (again, after a zoom): Verso's layers go back on. */
  onPageDrawn(page: number, div: HTMLElement, scale: number): void;
  onPageChange(page: number): void;
  onScale(scale: number): void;
}

type Lib = typeof import('pdfjs-dist');
type ViewerLib = typeof import('pdfjs-dist/web/pdf_viewer.mjs');

let libs: Promise<{ pdfjs: Lib; viewer: ViewerLib }> | undefined;

/** pdf.js, its worker (a file of the extension) and its viewer: the viewer module reads `globalThis.pdfjsLib`. */
function loadLibs(workerSrc: string) {
  libs ??= (async () => {
    const pdfjs = await import('pdfjs-dist');
    pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
    (globalThis as { pdfjsLib?: Lib }).pdfjsLib = pdfjs;
    const viewer = await import('pdfjs-dist/web/pdf_viewer.mjs');
    return { pdfjs, viewer };
  })();
  return libs;
}

export class PdfView {
  private doc: PDFDocumentProxy | undefined;
  private viewer: InstanceType<ViewerLib['PDFViewer']> | undefined;
  private eventBus: InstanceType<ViewerLib['EventBus']> | undefined;
  private readonly texts = new Map<number, Promise<PageText>>();

  constructor(
    private readonly container: HTMLDivElement,
    private readonly workerSrc: string,
    private readonly events: ViewerEvents,
  ) {}

  /** Opens a PDF's bytes; a password, a damaged file or another failure come back as `OpenFailure`. */
  async open(data: Uint8Array, password?: string): Promise<{ pages: number } | OpenFailure> {
    const { pdfjs, viewer: v } = await loadLibs(this.workerSrc);
    let doc: PDFDocumentProxy;
    try {
      doc = await pdfjs.getDocument({
        data,
        ...(password !== undefined ? { password } : {}),
        isEvalSupported: false,
        // pdf.js's data files, packaged with Verso (scripts/build/pdf-worker.ts): never fetched from elsewhere.
        cMapUrl: new URL('/pdfjs/cmaps/', location.href).href,
        cMapPacked: true,
        standardFontDataUrl: new URL('/pdfjs/standard_fonts/', location.href).href,
      }).promise;
    } catch (e) {
      const error = e as { name?: string; code?: number; message?: string };
      if (error.name === 'PasswordException') {
        return { kind: 'password', wrong: error.code === pdfjs.PasswordResponses.INCORRECT_PASSWORD };
      }
      if (error.name === 'InvalidPDFException') return { kind: 'damaged', message: error.message ?? '' };
      return { kind: 'failed', message: error.message ?? String(e) };
    }
    // Another file opened in the same reader (a translated one, a file dropped): the old viewer lets go
    // of its pages and its document before the new one takes the container.
    this.viewer?.setDocument(null as unknown as PDFDocumentProxy);
    void this.doc?.destroy();
    this.doc = doc;
    const eventBus = new v.EventBus();
    const linkService = new v.PDFLinkService({ eventBus });
    const findController = new v.PDFFindController({ eventBus, linkService });
    const viewer = new v.PDFViewer({ container: this.container, eventBus, linkService, findController });
    linkService.setViewer(viewer);
    eventBus.on('pagesinit', () => {
      viewer.currentScaleValue = 'page-width';
    });
    eventBus.on('pagerendered', ({ pageNumber }: { pageNumber: number }) => this.drawn(pageNumber));
    eventBus.on('textlayerrendered', ({ pageNumber }: { pageNumber: number }) => this.drawn(pageNumber));
    eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => this.events.onPageChange(pageNumber));
    eventBus.on('scalechanging', ({ scale }: { scale: number }) => this.events.onScale(scale));
    viewer.setDocument(doc);
    linkService.setDocument(doc);
    this.viewer = viewer;
    this.eventBus = eventBus;
    return { pages: doc.numPages };
  }

  private drawn(page: number): void {
    const view = this.viewer?.getPageView(page - 1) as { div: HTMLElement; viewport: { scale: number } } | undefined;
    if (view) this.events.onPageDrawn(page, view.div, view.viewport.scale);
  }

  /** Page divs the viewer made (all of them, drawn or not), for watching which are on screen. */
  pageDivs(): HTMLElement[] {
    const viewer = this.viewer;
    if (!viewer) return [];
    return Array.from({ length: viewer.pagesCount }, (_, i) => (viewer.getPageView(i) as { div: HTMLElement }).div);
  }

  /** A drawn page's div and scale, to redraw Verso's layer when translations arrive. */
  pageView(page: number): { div: HTMLElement; scale: number } | undefined {
    const view = this.viewer?.getPageView(page - 1) as { div: HTMLElement; viewport: { scale: number } } | undefined;
    return view ? { div: view.div, scale: view.viewport.scale } : undefined;
  }

  /** A page's text runs (pdf.js `getTextContent`), extracted once, on demand. */
  text(page: number): Promise<PageText> {
    const doc = this.doc;
    if (!doc || page < 1 || page > doc.numPages) return Promise.resolve({ page, width: 0, height: 0, runs: [] });
    let found = this.texts.get(page);
    if (!found) {
      found = (async () => {
        const proxy = await doc.getPage(page);
        const [x0, y0, x1, y1] = proxy.view as [number, number, number, number];
        const content = await proxy.getTextContent();
        const runs: TextRun[] = [];
        for (const item of content.items) {
          if (!('str' in item)) continue;
          const [a, b, , , e, f] = item.transform as number[];
          runs.push({
            str: item.str,
            x: (e ?? 0) - x0,
            y: (f ?? 0) - y0,
            width: item.width,
            height: item.height || Math.hypot(a ?? 0, b ?? 0),
          });
        }
        return { page, width: x1 - x0, height: y1 - y0, runs };
      })();
      this.texts.set(page, found);
    }
    return found;
  }

  /** The original file's bytes, to save it as it came. */
  async bytes(): Promise<Uint8Array | undefined> {
    return this.doc?.getData();
  }

  get pages(): number {
    return this.doc?.numPages ?? 0;
  }

  goTo(page: number): void {
    if (this.viewer && page >= 1 && page <= this.pages) this.viewer.currentPageNumber = page;
  }

  zoom(direction: 'in' | 'out' | 'fit'): void {
    if (!this.viewer) return;
    if (direction === 'in') this.viewer.increaseScale();
    else if (direction === 'out') this.viewer.decreaseScale();
    else this.viewer.currentScaleValue = 'page-width';
  }

  find(query: string, again: boolean, previous = false): void {
    this.eventBus?.dispatch('find', {
      source: this,
      type: again ? 'again' : '',
      query,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious: previous,
      matchDiacritics: false,
    });
  }

  /** Refreshes the viewer's layout (a display mode that moves pages). */
  refresh(): void {
    this.viewer?.update();
  }

  destroy(): void {
    this.viewer?.cleanup();
    void this.doc?.destroy();
  }
}
