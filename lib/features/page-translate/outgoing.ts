import { MAX_SEGMENTS_PER_MESSAGE, type PageSegment } from './messages.ts';

/** Characters of text per message: keeps each message quick to copy between processes. */
const MAX_CHARS_PER_MESSAGE = 1_000_000;
/** Segments per message: the queue packs across messages, so smaller messages cost no requests. */
const SEGMENTS_PER_MESSAGE = Math.min(500, MAX_SEGMENTS_PER_MESSAGE);

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

  flush(resume = false): void {
    let chunk: PageSegment[] = [];
    let chars = 0;
    for (const segment of this.buffer) {
      if (
        chunk.length >= SEGMENTS_PER_MESSAGE ||
        (chunk.length > 0 && chars + segment.text.length > MAX_CHARS_PER_MESSAGE)
      ) {
        this.send(chunk, resume);
        chunk = [];
        chars = 0;
      }
      chunk.push(segment);
      chars += segment.text.length;
    }
    this.buffer = [];
    if (chunk.length > 0) this.send(chunk, resume);
  }
}
