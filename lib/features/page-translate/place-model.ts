import { signal } from '@preact/signals';

/** The corner the page indicator sits in. */
export type IndicatorCorner = 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';
export const CORNERS: readonly IndicatorCorner[] = ['bottom-right', 'bottom-left', 'top-left', 'top-right'];

/** What is remembered for the page's site: the corner (the same on every site) and whether it is minimised. */
export interface IndicatorPlacing {
  corner?: IndicatorCorner;
  minimised: boolean;
}

export interface IndicatorPlaceDeps {
  load(): Promise<IndicatorPlacing>;
  /** Remembers a change (the site is the page's). */
  save(change: { corner?: IndicatorCorner; minimised?: boolean }): Promise<void>;
}

/**
 * Where the page indicator sits and whether it is minimised. Minimised, the card leaves the page and the
 * toolbar badge carries the progress; that holds for the site (its other pages and tabs) for the browser
 * session. A new problem brings the card back, as it says what to do. The corner is the person's: dragged
 * or moved with the keyboard, remembered for every site.
 */
export class IndicatorPlace {
  readonly corner = signal<IndicatorCorner>('bottom-right');
  readonly minimised = signal(false);
  /** The problem count (IndicatorModel) when the card was minimised: a later problem shows it again. */
  readonly minimisedAt = signal(0);
  /** False until what was remembered is read: a minimised card must not flash on the page first. */
  readonly loaded = signal(false);
  private disposed = false;

  constructor(private readonly deps: IndicatorPlaceDeps) {}

  /** Reads what was remembered; a failed read leaves the defaults. */
  async load(): Promise<void> {
    const placing = await this.deps.load().catch((): IndicatorPlacing => ({ minimised: false }));
    if (this.disposed) return;
    if (placing.corner && CORNERS.includes(placing.corner)) this.corner.value = placing.corner;
    this.minimised.value = placing.minimised;
    this.loaded.value = true;
  }

  minimise(problems: number): void {
    this.minimisedAt.value = problems;
    this.minimised.value = true;
    void this.deps.save({ minimised: true }).catch(() => undefined);
  }

  /** Whether the card is off the page: minimised, and no problem came since. */
  hidden(problems: number): boolean {
    return this.minimised.value && problems === this.minimisedAt.value;
  }

  moveTo(corner: IndicatorCorner): void {
    if (corner === this.corner.value) return;
    this.corner.value = corner;
    void this.deps.save({ corner }).catch(() => undefined);
  }

  /** The next corner round the page, for a keyboard "Move". */
  next(): IndicatorCorner {
    return CORNERS[(CORNERS.indexOf(this.corner.value) + 1) % CORNERS.length] ?? 'bottom-right';
  }

  dispose(): void {
    this.disposed = true;
  }
}

/** The corner nearest a point of the viewport (where a dragged card is let go). */
export function cornerNear(x: number, y: number, width: number, height: number): IndicatorCorner {
  const top = y < height / 2;
  const left = x < width / 2;
  return top ? (left ? 'top-left' : 'top-right') : left ? 'bottom-left' : 'bottom-right';
}
