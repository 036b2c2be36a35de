/** What the packer needs to know of a unit of work. */
export interface Packable {
  /** Units of one group share the request parameters and may share a request. */
  group: string;
  /** `jsonStringBytes` of the unit's text. */
  bytes: number;
}

export interface PackLimits {
  maxTexts: number;
  /** Bytes available for texts and their commas in a request of this group (limit - reserve - base). */
  budget: (group: string) => number;
}

/**
 * Picks the next request from `units`, which are in dispatch order (priority, then age). The first unit
 * always goes (it fits alone: larger ones were split before), then every later unit of its group that
 * still fits, in order: first fit, one request at a time, so each request is filled before the next one
 * opens. Returns the indices taken, ascending.
 */
export function nextBatch(units: readonly Packable[], limits: PackLimits): number[] {
  const head = units[0];
  if (!head) return [];
  const budget = limits.budget(head.group);
  const taken = [0];
  let used = head.bytes;
  // The smallest possible text is `""` plus its comma.
  for (let i = 1; i < units.length && taken.length < limits.maxTexts && budget - used >= 3; i++) {
    const unit = units[i]!;
    if (unit.group !== head.group || used + 1 + unit.bytes > budget) continue;
    taken.push(i);
    used += 1 + unit.bytes;
  }
  return taken;
}

/** All requests `nextBatch` would form for `units`, one after the other. */
export function packAll<T extends Packable>(units: readonly T[], limits: PackLimits): T[][] {
  let rest = [...units];
  const batches: T[][] = [];
  while (rest.length > 0) {
    const taken = new Set(nextBatch(rest, limits));
    batches.push(rest.filter((_, i) => taken.has(i)));
    rest = rest.filter((_, i) => !taken.has(i));
  }
  return batches;
}
