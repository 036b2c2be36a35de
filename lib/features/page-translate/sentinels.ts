import { type ObserverFactory, VisibilityFeed } from './segments/index.ts';

interface Targeted {
  readonly target: Element;
}

interface Sentinel<U> {
  readonly target: Element;
  readonly chunk: readonly U[];
}

/**
 * Reports groups of units as they come near the screen, watching a few elements per group of
 * consecutive units instead of every unit's block: a page of thousands of blocks then costs the
 * intersection observer a few hundred targets. Units in document order lie together, so the first,
 * middle and last of a group stand for it.
 */
export class ChunkFeed<U extends Targeted> {
  private readonly feed: VisibilityFeed<Sentinel<U>>;

  constructor(
    onVisible: (units: U[]) => void,
    private readonly chunkSize = 40,
    createObserver?: ObserverFactory,
  ) {
    this.feed = new VisibilityFeed<Sentinel<U>>({
      onVisible: (sentinels) => {
        const chunks = new Set(sentinels.map((s) => s.chunk));
        onVisible([...chunks].flat());
      },
      ...(createObserver ? { createObserver } : {}),
    });
  }

  add(units: readonly U[]): void {
    const sentinels: Sentinel<U>[] = [];
    for (let i = 0; i < units.length; i += this.chunkSize) {
      const chunk = units.slice(i, i + this.chunkSize);
      const picks = new Set([chunk[0], chunk[chunk.length >> 1], chunk[chunk.length - 1]].map((u) => u?.target));
      for (const target of picks) if (target) sentinels.push({ target, chunk });
    }
    this.feed.add(sentinels);
  }

  disconnect(): void {
    this.feed.disconnect();
  }
}
