import { MAX_TEXTS } from '../../api/limits.ts';
import { MAX_SEGMENTS_PER_MESSAGE, type PageSegment } from './messages.ts';

/** Characters of text per message: keeps each message quick to copy between processes. */
const MAX_CHARS_PER_MESSAGE = 1_000_000;
/** Segments per message: the queue packs across messages, so smaller messages cost no requests. */
const SEGMENTS_PER_MESSAGE = Math.min(500, MAX_SEGMENTS_PER_MESSAGE);

/** Segments of one group share their parameters, and so their requests. */
const groupOf = (segment: PageSegment): string => segment.group;

/**
 * Segments on their way to the background, sent in bounded messages. A message that does not arrive
 * is not retried here: its units stay pending and the status check finds them unknown.
 */
export class Outgoing {
  private buffer: PageSegment[] = [];

  constructor(private readonly send: (segments: PageSegment[], resume: boolean) => void) {}

  get size(): number {
    return this.buffer.length;
  }

  push(segment: PageSegment): void {
    this.buffer.push(segment);
  }

  /** Sends everything gathered, or only the text units' (`html`, `html-auto`; the rest stay for the next flush). */
  flush(resume = false, only?: 'html'): void {
    const picked = (segment: PageSegment) => groupOf(segment) !== 'attr';
    const all = only ? this.buffer.filter(picked) : this.buffer;
    this.buffer = only ? this.buffer.filter((segment) => !picked(segment)) : [];
    this.sendAll(all, resume);
  }

  /**
   * Sends whole requests' worth of each group (`MAX_TEXTS` segments, the contract's texts per request)
   * and keeps the rest for later. While a page is being read, a group that trickles in (attributes, a
   * few per part) would otherwise leave in many small requests: the queue sends what it has once a
   * request slot is free.
   */
  flushFull(resume = false): void {
    const counts = new Map<string, number>();
    for (const segment of this.buffer) counts.set(groupOf(segment), (counts.get(groupOf(segment)) ?? 0) + 1);
    const quota = new Map([...counts].map(([group, n]) => [group, n - (n % MAX_TEXTS)]));
    const now: PageSegment[] = [];
    const later: PageSegment[] = [];
    for (const segment of this.buffer) {
      const group = groupOf(segment);
      const left = quota.get(group) ?? 0;
      if (left > 0) {
        now.push(segment);
        quota.set(group, left - 1);
      } else later.push(segment);
    }
    this.buffer = later;
    this.sendAll(now, resume);
  }

  private sendAll(segments: readonly PageSegment[], resume: boolean): void {
    let chunk: PageSegment[] = [];
    let chars = 0;
    for (const segment of segments) {
      const full =
        chunk.length >= SEGMENTS_PER_MESSAGE ||
        (chunk.length > 0 && chars + segment.text.length > MAX_CHARS_PER_MESSAGE);
      if (full) {
        this.send(chunk, resume);
        chunk = [];
        chars = 0;
      }
      chunk.push(segment);
      chars += segment.text.length;
    }
    if (chunk.length > 0) this.send(chunk, resume);
  }
}
