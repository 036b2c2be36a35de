import type { Origin } from './job-table.ts';
import { QueueSegment } from './schema.ts';
import type { QueueJobRecord } from './store.ts';

/**
 * The rows a previous instance left in the store, as segments grouped by how they entered. Rows sent in
 * a request that never answered: the service may have billed them, so only the cache may answer them
 * now; what it cannot is reported, not sent again (README, "Restarts"). A row that no longer parses is
 * dropped from the store (`remove`).
 */
export function restoredGroups(
  records: readonly QueueJobRecord[],
  remove: (id: string) => void,
): { origin: Origin; segments: QueueSegment[] }[] {
  const groups = new Map<string, { origin: Origin; segments: QueueSegment[] }>();
  for (const record of records) {
    const parsed = QueueSegment.safeParse({ ...record, id: record.segmentId });
    if (!parsed.success) {
      remove(record.id);
      continue;
    }
    const origin = {
      restored: true,
      bypassCache: record.bypassCache === true,
      maybeBilled: record.sentAt !== undefined,
    };
    const key = `${origin.bypassCache}:${origin.maybeBilled}`;
    const group = groups.get(key) ?? { origin, segments: [] };
    group.segments.push(parsed.data);
    groups.set(key, group);
  }
  return [...groups.values()];
}
