import { joinChunks } from './base64.ts';
import { uploadLost, uploadRejected } from './errors.ts';
import { MAX_DOCUMENT_BYTES } from './file-types.ts';

interface Session<M> {
  meta: M;
  size: number;
  chunks: Uint8Array[];
  received: number;
  touchedAt: number;
}

export interface UploadSessionsOptions {
  /** A session that receives nothing for this long is dropped, so abandoned uploads free their memory. */
  idleMs?: number;
  /** Uploads assembling at the same time; each may hold up to `maxBytes`. */
  maxSessions?: number;
  maxBytes?: number;
  now?: () => number;
  newId?: () => string;
}

/**
 * Files arriving in the background chunk by chunk, in order, until the page commits them. Held in
 * memory only: a service worker restart loses them, and the page (which still has the file) sends again.
 */
export class UploadSessions<M> {
  private readonly sessions = new Map<string, Session<M>>();
  private readonly idleMs: number;
  private readonly maxSessions: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(options: UploadSessionsOptions = {}) {
    this.idleMs = options.idleMs ?? 5 * 60_000;
    this.maxSessions = options.maxSessions ?? 3;
    this.maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  begin(meta: M, size: number): string {
    this.sweep();
    if (!Number.isSafeInteger(size) || size < 0) throw uploadRejected('The file size is not valid');
    if (size > this.maxBytes) {
      throw uploadRejected(`The file is too large: at most ${this.maxBytes} bytes can be sent`);
    }
    if (this.sessions.size >= this.maxSessions) {
      throw uploadRejected('Other uploads are still running; wait for them to finish');
    }
    const id = this.newId();
    this.sessions.set(id, { meta, size, chunks: [], received: 0, touchedAt: this.now() });
    return id;
  }

  /** Adds chunk `index` (they must come in order) and returns the bytes received so far. */
  append(id: string, index: number, bytes: Uint8Array): number {
    const session = this.live(id);
    if (index !== session.chunks.length) {
      throw uploadRejected(`Chunk ${index} arrived out of order (expected ${session.chunks.length})`);
    }
    if (session.received + bytes.length > session.size) {
      this.sessions.delete(id);
      throw uploadRejected('More bytes arrived than the file announced');
    }
    session.chunks.push(bytes);
    session.received += bytes.length;
    session.touchedAt = this.now();
    return session.received;
  }

  /** Ends the session and hands over the whole file; it must be complete. */
  take(id: string): { meta: M; bytes: Uint8Array } {
    const session = this.live(id);
    this.sessions.delete(id);
    if (session.received !== session.size) {
      throw uploadRejected(`The file is incomplete: ${session.received} of ${session.size} bytes arrived`);
    }
    return { meta: session.meta, bytes: joinChunks(session.chunks) };
  }

  cancel(id: string): void {
    this.sessions.delete(id);
  }

  get size(): number {
    return this.sessions.size;
  }

  private live(id: string): Session<M> {
    this.sweep();
    const session = this.sessions.get(id);
    if (!session) throw uploadLost();
    return session;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, s] of this.sessions) if (now - s.touchedAt > this.idleMs) this.sessions.delete(id);
  }
}
