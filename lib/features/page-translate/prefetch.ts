/**
 * How far ahead of the screen "as you read" sends: a margin in the direction the reader scrolls, sized so
 * that a block's answer is on the page before the block scrolls in. At rest it is a small fixed share of
 * the screen (the reader may start scrolling); while scrolling it is the distance the page moves during
 * one round trip of a translation (measured), with head room.
 */

/** Share of the screen height sent ahead when the reader does not scroll. */
export const REST_AHEAD = 0.15;
/** Share of the screen height kept behind the scroll direction (a reader who turns back a little). */
export const BEHIND = 0.1;
/** The margin never grows beyond this many screens: a fling or a jump is met where it lands. */
export const MAX_AHEAD_SCREENS = 3;
/**
 * While scrolling, a request that leaves (a block came into the band) is filled with the held blocks
 * ahead, in reading order, up to where the reader will be this long after the band's edge is reached (at
 * their measured speed) and up to a request's worth of texts: fewer, fuller requests, and a reader who
 * stops is billed for at most this much reading beyond the band (nothing more at rest).
 */
export const FILL_AHEAD_MS = 5000;
/** The look-ahead a filled request takes along never grows beyond this many screens (a fling). */
export const MAX_FILL_SCREENS = 6;
/**
 * While scrolling, a request leaves this much earlier than the band alone says: filled requests are few,
 * so each is worth sending with room to spare for a slow round trip or a merge.
 */
export const FILL_LEAD_MS = 300;
/** Time added to the round trip: merging, a frame, and the next scroll event's delay. */
const HEAD_ROOM_MS = 150;
/** Round trips are uneven under load: plan for this multiple of the average. */
const ROUND_TRIP_FACTOR = 1.5;
/** A scroll speed older than this without a new scroll event has stopped. */
const STILL_AFTER_MS = 400;
/** Speeds are averaged over about this long, so one jerk of the wheel does not count as a fling. */
const SPEED_SMOOTHING_MS = 100;
/** A wheel step moves the page over about this long (the browser's smooth scrolling). */
const WHEEL_STEP_MS = 100;

export interface Band {
  top: number;
  bottom: number;
}

/** Scroll speed, from the positions and times of scroll events (pixels per millisecond, signed). */
export class ScrollSpeed {
  private last: { at: number; y: number } | undefined;
  private speed = 0;
  /** +1 down, -1 up: the last direction moved, kept when the reader stops. */
  private direction = 1;

  sample(at: number, y: number): void {
    const last = this.last;
    this.last = { at, y };
    if (!last) return;
    const dt = at - last.at;
    if (dt <= 0) return;
    const dy = y - last.y;
    if (dy !== 0) this.direction = dy > 0 ? 1 : -1;
    // A long gap means the reader had stopped: start from this step alone.
    const weight = dt >= STILL_AFTER_MS ? 1 : Math.min(1, dt / SPEED_SMOOTHING_MS);
    this.speed = this.speed * (1 - weight) + (dy / dt) * weight;
  }

  /**
   * A wheel step: the page is about to move by `delta`. Counted as a speed at once, so the margin grows
   * before the first scroll event of a reader who starts scrolling (never lowers a faster speed).
   */
  nudge(at: number, delta: number): void {
    if (delta === 0) return;
    const speed = delta / WHEEL_STEP_MS;
    this.direction = delta > 0 ? 1 : -1;
    const current = this.now(at);
    if (Math.sign(current) !== this.direction || Math.abs(current) < Math.abs(speed)) this.speed = speed;
    this.last = { at, y: this.last?.y ?? 0 };
  }

  /** The speed now: zero once the reader has not scrolled for a while. */
  now(at: number): number {
    if (!this.last || at - this.last.at > STILL_AFTER_MS) return 0;
    return this.speed;
  }

  get heading(): number {
    return this.direction;
  }
}

/** Average round trip of a translation (sent to merged), updated with every answer of a visible unit. */
export class RoundTrip {
  private average: number;

  constructor(initialMs = 300) {
    this.average = initialMs;
  }

  sample(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) return;
    this.average = this.average * 0.8 + ms * 0.2;
  }

  get ms(): number {
    return this.average;
  }
}

/** How far beyond the band a leaving request may take blocks along: `FILL_AHEAD_MS` of reading, within six screens. */
export function fillReach(viewportHeight: number, speed: number): number {
  return Math.min(MAX_FILL_SCREENS * viewportHeight, Math.abs(speed) * FILL_AHEAD_MS);
}

/**
 * The band of the page, in viewport coordinates, whose blocks are sent now: the screen, a margin ahead
 * in the direction of reading and a small one behind.
 */
export function readingWindow(viewportHeight: number, speed: number, heading: number, roundTripMs: number): Band {
  const rest = REST_AHEAD * viewportHeight;
  const travel = Math.abs(speed) * (roundTripMs * ROUND_TRIP_FACTOR + HEAD_ROOM_MS);
  const ahead = Math.min(MAX_AHEAD_SCREENS * viewportHeight, Math.max(rest, travel));
  const behind = BEHIND * viewportHeight;
  const down = (speed === 0 ? heading : Math.sign(speed)) >= 0;
  return down ? { top: -behind, bottom: viewportHeight + ahead } : { top: -ahead, bottom: viewportHeight + behind };
}
