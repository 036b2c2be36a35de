import type { DocumentJob } from '../engine/documents/jobs.ts';

/** Document translations in flight, by id, and the cancels of their steps still to come. */
export class DocumentStore {
  readonly jobs = new Map<string, DocumentJob>();
  readonly timers = new Set<() => void>();

  /** Cancels every pending step and forgets every document. */
  reset(): void {
    for (const cancel of this.timers) cancel();
    this.timers.clear();
    this.jobs.clear();
  }
}
