import { signal } from '@preact/signals';
import type { OpenFailure } from './viewer.ts';

/** Where the reader stands with its file. */
export type ReaderState =
  | { kind: 'empty' }
  | { kind: 'loading' }
  /** Reading the PDF's site needs the person's permission for that one origin. */
  | { kind: 'permission'; origin: string }
  | { kind: 'password'; wrong: boolean }
  | { kind: 'error'; reason: 'damaged' | 'fetch' | 'file-access' | 'failed' | 'not-pdf'; detail?: string }
  | { kind: 'ready'; pages: number; name: string };

export interface ReaderDeps {
  /** The PDF's bytes from its URL (the reader page's own fetch); throws with `status` for an HTTP error. */
  fetchPdf(url: string): Promise<Uint8Array>;
  /** Host permission for one origin (`https://example.org`): held, and asked for on a person's click. */
  hasAccess(origin: string): Promise<boolean>;
  requestAccess(origin: string): Promise<boolean>;
  open(data: Uint8Array, password?: string): Promise<{ pages: number } | OpenFailure>;
}

/** The origin whose host permission a PDF's URL needs; undefined for a local file. */
export function originNeeded(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A file name for the title bar: the URL's last part, else the site. */
export function nameOf(url: string): string {
  try {
    const parsed = new URL(url);
    const last = decodeURIComponent(parsed.pathname.split('/').pop() ?? '');
    return last || parsed.hostname || url;
  } catch {
    return url;
  }
}

/**
 * The reader's file: from a URL (a PDF the person opened in the browser, a local file) or dropped /
 * chosen on the page. Asks for the least access (the PDF's one origin) only when the person clicks.
 */
export class ReaderModel {
  readonly state = signal<ReaderState>({ kind: 'empty' });
  private data: Uint8Array | undefined;
  private name = '';
  private url: string | undefined;
  private disposed = false;

  constructor(private readonly deps: ReaderDeps) {}

  get fileUrl(): string | undefined {
    return this.url;
  }

  async openUrl(url: string): Promise<void> {
    this.url = url;
    this.name = nameOf(url);
    const origin = originNeeded(url);
    if (origin && !(await this.deps.hasAccess(origin))) {
      this.state.value = { kind: 'permission', origin };
      return;
    }
    await this.fetchAndOpen(url);
  }

  /** The person's click on "Allow": the browser asks them for this one site. */
  async allow(): Promise<void> {
    const state = this.state.value;
    if (state.kind !== 'permission' || !this.url) return;
    if (await this.deps.requestAccess(state.origin)) await this.fetchAndOpen(this.url);
  }

  /** A PDF dropped on the reader or chosen with the file button. */
  async openFile(data: Uint8Array, name: string): Promise<void> {
    this.url = undefined;
    this.name = name;
    await this.openBytes(data);
  }

  async submitPassword(password: string): Promise<void> {
    if (this.data) await this.openBytes(this.data, password);
  }

  private async fetchAndOpen(url: string): Promise<void> {
    this.state.value = { kind: 'loading' };
    let data: Uint8Array;
    try {
      data = await this.deps.fetchPdf(url);
    } catch (e) {
      const status = (e as { status?: number }).status;
      this.state.value = url.startsWith('file:')
        ? { kind: 'error', reason: 'file-access' }
        : { kind: 'error', reason: 'fetch', ...(status ? { detail: String(status) } : {}) };
      return;
    }
    await this.openBytes(data);
  }

  private async openBytes(data: Uint8Array, password?: string): Promise<void> {
    // pdf.js takes the buffer to its worker: keep a copy for a password asked after.
    this.data = data.slice();
    this.state.value = { kind: 'loading' };
    const opened = await this.deps.open(data, password);
    if (this.disposed) return;
    if ('pages' in opened) {
      this.state.value = { kind: 'ready', pages: opened.pages, name: this.name };
      this.data = undefined;
    } else if (opened.kind === 'password') this.state.value = { kind: 'password', wrong: opened.wrong };
    else this.state.value = { kind: 'error', reason: opened.kind, detail: opened.message };
  }

  dispose(): void {
    this.disposed = true;
  }
}
