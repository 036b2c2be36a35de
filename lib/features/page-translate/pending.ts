import type { PageSegment } from './messages.ts';
import type { Priority } from './queue/schema.ts';
import type { Unit } from './segments/index.ts';

export interface PendingUnit {
  readonly unit: Unit;
  /** Source and group: units with the same key follow this one (sources.ts). */
  readonly key: string;
  segment: PageSegment;
  /** When the background last heard of it (sent, or confirmed known). */
  askedAt: number;
  /** When it was first sent: the round trip of its answer sizes the reading margin. */
  readonly sentAt: number;
}

/**
 * Units sent and not answered yet, by segment id. An answer takes its unit out, so a second answer
 * for the same id (a repeat after a worker restart) finds nothing and is ignored: each unit is merged
 * exactly once.
 */
export class PendingUnits {
  private readonly byId = new Map<string, PendingUnit>();

  get size(): number {
    return this.byId.size;
  }

  add(unit: Unit, key: string, segment: PageSegment, now: number): void {
    this.byId.set(segment.id, { unit, key, segment, askedAt: now, sentAt: now });
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  take(id: string): PendingUnit | undefined {
    const entry = this.byId.get(id);
    this.byId.delete(id);
    return entry;
  }

  /** Raises the priority of waiting units; returns the segments to send again so the queue re-ranks them. */
  promote(units: Iterable<Unit>, idOf: (unit: Unit) => string | undefined, priority: Priority): PageSegment[] {
    const out: PageSegment[] = [];
    for (const unit of units) {
      const id = idOf(unit);
      const entry = id === undefined ? undefined : this.byId.get(id);
      if (!entry || entry.segment.priority === priority || entry.segment.priority === 'interactive') continue;
      entry.segment = { ...entry.segment, priority };
      out.push(entry.segment);
    }
    return out;
  }

  /** Units the background has not been asked about for `afterMs`; they are marked as asked now. */
  quiet(now: number, afterMs: number): PendingUnit[] {
    const out: PendingUnit[] = [];
    for (const entry of this.byId.values()) {
      if (now - entry.askedAt < afterMs) continue;
      entry.askedAt = now;
      out.push(entry);
    }
    return out;
  }

  get(id: string): PendingUnit | undefined {
    return this.byId.get(id);
  }
}
