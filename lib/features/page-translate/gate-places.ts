import type { Band } from './prefetch.ts';
import type { Sight } from './sight.ts';

/** Where a held block is for one look of the reading gate: to send now, to take along, or to keep. */
export type Place = 'band' | 'ahead' | 'out';

/**
 * The places of the blocks looked at in one look of `ReadingGate` (gate.ts), each measured once. "Whole
 * page" (no band): every block that can be reached is in the band. "As you read": a block on or near the
 * screen (`band`) is sent now; one further on in the reader's direction, inside the wider band the reader
 * will soon reach (`wide`), may go along in the same request (`ahead`, with its distance in reading order).
 * Blocks with no box or not shown are counted as hidden.
 */
export class Places {
  /** Hidden blocks met in this look. */
  hidden = 0;
  /** How far ahead in reading order a block placed `ahead` lies. */
  readonly distance = new Map<Element, number>();
  private readonly found = new Map<Element, Place>();

  constructor(
    private readonly sight: Sight,
    private readonly view: { band?: Band; wide?: Band; width: number; speed: number },
  ) {}

  of(target: Element): Place {
    let found = this.found.get(target);
    if (found) return found;
    found = 'out';
    const { band, wide, width, speed } = this.view;
    if (!band || !wide) {
      if (this.sight.reachable(target)) found = 'band';
      else this.hidden++;
    } else {
      const box = this.sight.box(target);
      if (box.width === 0 && box.height === 0) this.hidden++;
      else if (box.bottom >= wide.top && box.top <= wide.bottom && box.right >= 0 && box.left <= width) {
        if (!this.sight.shown(target)) this.hidden++;
        else if (box.bottom < band.top || box.top > band.bottom) {
          found = 'ahead';
          this.distance.set(target, speed < 0 ? -box.bottom : box.top);
        } else found = 'band';
      }
    }
    this.found.set(target, found);
    return found;
  }
}
