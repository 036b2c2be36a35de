import { MAX_TEXTS, MAX_TRANSLATE_BODY_BYTES } from '../../api/limits.ts';

/** What a unit adds to a request: its parameter group and its bytes in the body. */
export interface Weight {
  group: string;
  bytes: number;
}

/** Bytes of texts a filled request takes along at most: half the body, the rest left to the parameters. */
const FILL_BYTES = MAX_TRANSLATE_BODY_BYTES / 2;

/**
 * The held units ahead that go along with those leaving now (the reading gate fills requests): in
 * reading order (`distance`, nearest first), for the parameter groups that leave anyway, until their
 * requests are full (a multiple of the contract's texts per request, `FILL_BYTES` of text each). A group
 * stops at its first unit that does not fit, so what is left ahead is one run that leaves with the next
 * request. Units that add nothing (`weigh` says `undefined`: a text on its way) go along as long as some
 * group still fills. Without `weigh`, every unit is one text of one group.
 */
export function fillRequest<U>(
  leaving: readonly U[],
  ahead: readonly U[],
  distance: (unit: U) => number,
  weigh: (unit: U) => Weight | undefined = () => ({ group: '', bytes: 0 }),
): Set<U> {
  const load = new Map<string, { texts: number; bytes: number; room: number; full: boolean }>();
  for (const unit of leaving) {
    const weight = weigh(unit);
    if (!weight) continue;
    const entry = load.get(weight.group) ?? { texts: 0, bytes: 0, room: 0, full: false };
    entry.texts++;
    entry.bytes += weight.bytes;
    load.set(weight.group, entry);
  }
  for (const entry of load.values()) {
    const requests = Math.max(Math.ceil(entry.texts / MAX_TEXTS), Math.ceil(entry.bytes / FILL_BYTES));
    entry.room = requests * MAX_TEXTS - entry.texts;
    entry.bytes = requests * FILL_BYTES - entry.bytes;
  }
  const order = [...ahead].sort((a, b) => distance(a) - distance(b));
  const along = new Set<U>();
  let filling = [...load.values()].filter((entry) => entry.room > 0).length;
  for (const unit of order) {
    if (filling === 0) break;
    const weight = weigh(unit);
    if (!weight) {
      along.add(unit);
      continue;
    }
    const entry = load.get(weight.group);
    if (!entry || entry.full) continue;
    if (entry.room === 0 || weight.bytes > entry.bytes) {
      entry.full = true;
      filling--;
      continue;
    }
    entry.room--;
    entry.bytes -= weight.bytes;
    along.add(unit);
  }
  return along;
}
