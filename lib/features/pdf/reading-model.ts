import { type Signal, signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { PageDelivered, PageFailure, PagePlan } from '../page-translate/messages.ts';
import { markRunning, type PageText, type Paragraph, paragraphsOf } from './paragraphs.ts';

/** How translations are shown: over the original's place, beside the page, or paragraph by paragraph below it. */
export type DisplayMode = 'over' | 'side' | 'below';

/** Pages on either side whose margins tell running headers and footers from a page's own text. */
const NEIGHBOURS = 2;

export interface ReadingDeps {
  send: Send;
  /** A page's text runs (extracted once, on demand). */
  text(page: number): Promise<PageText>;
  pages: number;
  docId: string;
  /** The PDF's site, for the plan (site rules); the worker counts spending by the reader's address. */
  host: string;
  title?: string;
}

/**
 * Translate as you read, for one PDF: the pages on screen are cut into paragraphs and sent through page
 * translation's queue (`page.prepare`, `page.enqueue`: the same plan, cache, glossary and spending guard as
 * a web page); answers come back as `page.results`. Pages not seen are never sent; a running header or
 * footer is sent once for the document, a bare page number not at all.
 */
export class ReadingModel {
  readonly shown = signal<'original' | 'translated'>('original');
  readonly phase = signal<'idle' | 'preparing' | 'translating' | 'done' | 'error'>('idle');
  readonly error = signal<ErrorInfo | undefined>(undefined);
  readonly plan = signal<PagePlan | undefined>(undefined);
  /** Paragraphs of the pages cut so far, by page. */
  readonly paragraphs: Signal<ReadonlyMap<number, Paragraph[]>> = signal(new Map());
  /** Translations by segment id. */
  readonly translations: Signal<ReadonlyMap<string, string>> = signal(new Map());
  /** Pages with no text layer (an image: scanned). */
  readonly noText: Signal<ReadonlySet<number>> = signal(new Set());
  private readonly sentPages = new Set<number>();
  private readonly cutPages = new Map<number, Promise<Paragraph[]>>();
  /** Running text keys already sent, to the id they were sent as. */
  private readonly runningIds = new Map<string, string>();
  private readonly waiting = new Set<string>();
  private visiblePages: number[] = [];
  private preparing: Promise<PagePlan | undefined> | undefined;
  private disposed = false;

  constructor(private readonly deps: ReadingDeps) {}

  /** The segment id a paragraph's translation is kept under (running text: its document-wide one). */
  idOf(p: Paragraph): string | undefined {
    if (p.running?.number) return undefined;
    if (p.running) return this.runningIds.get(p.running.key);
    return `${this.deps.docId}.${p.id}`;
  }

  /** The person's Translate: the plan first, then the pages on screen. */
  async translate(): Promise<void> {
    this.shown.value = 'translated';
    // After a failure, the person's Translate is their Try again: the queue may send for this site again.
    const resume = this.error.value !== undefined;
    this.error.value = undefined;
    const plan = await this.prepare();
    if (!plan || this.disposed) return;
    await this.sendVisible(resume);
  }

  showOriginal(): void {
    this.shown.value = 'original';
  }

  /** Show original / show translation: one action. */
  toggle(): Promise<void> {
    if (this.shown.value === 'translated') {
      this.showOriginal();
      return Promise.resolve();
    }
    return this.translate();
  }

  /** The pages on screen now (the reader's intersection observer): sent when translation is on. */
  async setVisible(pages: number[]): Promise<void> {
    this.visiblePages = pages;
    if (this.shown.value === 'translated' && this.plan.value) await this.sendVisible();
  }

  /** A page cut into paragraphs (its neighbours' margins read too), once. */
  cut(page: number): Promise<Paragraph[]> {
    let found = this.cutPages.get(page);
    if (!found) {
      found = (async () => {
        const near: number[] = [];
        for (let p = page - NEIGHBOURS; p <= page + NEIGHBOURS; p++) if (p >= 1 && p <= this.deps.pages) near.push(p);
        const texts = await Promise.all(near.map((p) => this.deps.text(p)));
        const own = texts.find((t) => t.page === page) ?? { page, width: 0, height: 0, runs: [] };
        const paragraphs = markRunning(own, paragraphsOf(own), texts);
        if (paragraphs.length === 0) this.noText.value = new Set([...this.noText.value, page]);
        this.paragraphs.value = new Map([...this.paragraphs.value, [page, paragraphs]]);
        return paragraphs;
      })();
      this.cutPages.set(page, found);
    }
    return found;
  }

  receive(items: readonly PageDelivered[]): void {
    const next = new Map(this.translations.value);
    for (const item of items) {
      if (!this.waiting.delete(item.id)) continue;
      next.set(item.id, item.text);
    }
    this.translations.value = next;
    if (this.waiting.size === 0 && this.phase.value === 'translating') this.phase.value = 'done';
  }

  fail(ids: readonly string[], error: PageFailure): void {
    let mine = false;
    for (const id of ids) mine = this.waiting.delete(id) || mine;
    if (!mine) return;
    this.error.value = error;
    this.phase.value = 'error';
    // Sent again when the person asks (Translate) or reads on.
    for (const page of this.sentPages) {
      const pageIds = (this.paragraphs.value.get(page) ?? []).map((p) => this.idOf(p));
      if (pageIds.some((id) => id && !this.translations.value.has(id))) this.sentPages.delete(page);
    }
  }

  private prepare(): Promise<PagePlan | undefined> {
    if (this.plan.value) return Promise.resolve(this.plan.value);
    this.phase.value = 'preparing';
    this.preparing ??= (async () => {
      const { docId, host, title } = this.deps;
      const answer = await this.deps.send('page.prepare', {
        docId,
        host,
        ...(title ? { title: title.slice(0, 2000) } : {}),
      });
      this.preparing = undefined;
      if (!answer.ok) {
        this.error.value = answer.error;
        this.phase.value = 'error';
        return undefined;
      }
      this.plan.value = answer.value;
      this.phase.value = 'idle';
      return answer.value;
    })();
    return this.preparing;
  }

  private async sendVisible(resume = false): Promise<void> {
    const pages = this.visiblePages.filter((p) => !this.sentPages.has(p));
    if (pages.length === 0) return;
    for (const page of pages) this.sentPages.add(page);
    const segments: { id: string; text: string; group: 'attr'; priority: 'visible' }[] = [];
    for (const page of pages) {
      for (const p of await this.cut(page)) {
        if (p.running?.number) continue;
        let id = this.idOf(p);
        if (p.running && !id) {
          id = `${this.deps.docId}.r${this.runningIds.size}`;
          this.runningIds.set(p.running.key, id);
        } else if (p.running) continue;
        if (!id || this.translations.value.has(id) || this.waiting.has(id)) continue;
        segments.push({ id, text: p.text, group: 'attr', priority: 'visible' });
      }
    }
    if (this.disposed || segments.length === 0) return;
    for (const s of segments) this.waiting.add(s.id);
    this.phase.value = 'translating';
    const answer = await this.deps.send('page.enqueue', { docId: this.deps.docId, segments, resume });
    if (!answer.ok) {
      this.fail(
        segments.map((s) => s.id),
        { name: answer.error.name ?? 'Error', code: answer.error.code ?? 'unknown', message: answer.error.message },
      );
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.plan.value) void this.deps.send('page.leave', { docId: this.deps.docId }).catch(() => undefined);
  }
}
