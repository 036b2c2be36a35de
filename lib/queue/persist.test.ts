import { describe, expect, it } from 'vitest';
import { PersistBuffer } from './persist.ts';
import type { QueueJobRecord, QueueStore } from './store.ts';

const row = (id: string): QueueJobRecord => ({
  id,
  tabId: 1,
  segmentId: id,
  text: `Text ${id}.`,
  params: {},
  priority: 'background',
  createdAt: 0,
});

/** A store whose writes land only when the test lets them. */
function heldStore() {
  const writes: Array<{ puts: QueueJobRecord[]; removes: string[]; land: () => void }> = [];
  const rows = new Map<string, QueueJobRecord>();
  const store: QueueStore = {
    load: async () => [...rows.values()],
    write: (puts, removes) =>
      new Promise<void>((resolve) => {
        writes.push({
          puts: [...puts],
          removes: [...removes],
          land: () => {
            for (const id of removes) rows.delete(id);
            for (const r of puts) rows.set(r.id, r);
            resolve();
          },
        });
      }),
  };
  // Nothing is written on a timer here: only `markSent` and `flush` write.
  const buffer = new PersistBuffer(
    store,
    () => undefined,
    () => undefined,
  );
  return { buffer, writes, rows };
}

const turns = async (n = 30) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('PersistBuffer', () => {
  it('lets requests that start during a write share the next one, which holds every row marked meanwhile', async () => {
    const { buffer, writes, rows } = heldStore();
    buffer.put(row('a'));
    let firstLanded = false;
    void buffer.markSent(['a'], 10).then(() => (firstLanded = true));
    await turns();
    expect(writes).toHaveLength(1);
    // Three more requests start while that write is under way.
    buffer.put(row('b'));
    buffer.put(row('c'));
    buffer.put(row('d'));
    const waits = [buffer.markSent(['b'], 20), buffer.markSent(['c'], 21), buffer.markSent(['d'], 22)];
    let othersLanded = false;
    void Promise.all(waits).then(() => (othersLanded = true));
    await turns();
    expect(writes).toHaveLength(1);
    writes[0]!.land();
    await turns();
    expect(firstLanded).toBe(true);
    expect(othersLanded).toBe(false);
    // One write for the three, with each row marked.
    expect(writes).toHaveLength(2);
    expect(writes[1]!.puts.map((r) => [r.id, r.sentAt])).toEqual([
      ['b', 20],
      ['c', 21],
      ['d', 22],
    ]);
    writes[1]!.land();
    await turns();
    expect(othersLanded).toBe(true);
    expect([...rows.values()].map((r) => r.sentAt)).toEqual([10, 20, 21, 22]);
  });

  it('marks a stored row sent by writing the row it keeps, without reading the store', async () => {
    const { buffer, writes, rows } = heldStore();
    buffer.markStored([row('a')]);
    rows.set('a', row('a'));
    const landed = buffer.markSent(['a'], 5);
    await turns();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.puts).toEqual([{ ...row('a'), sentAt: 5 }]);
    writes[0]!.land();
    await landed;
    // A 429 takes it back: the row is written again without `sentAt`.
    buffer.clearSent(['a']);
    const cleared = buffer.flush();
    await turns();
    expect(writes).toHaveLength(2);
    writes[1]!.land();
    await cleared;
    expect(rows.get('a')).toEqual(row('a'));
  });

  it('writes what a request sends and the removals at once, and leaves rows still waiting to their delay', async () => {
    const writes: Array<{ puts: string[]; removes: string[] }> = [];
    const store: QueueStore = {
      load: async () => [],
      write: async (puts, removes) => {
        writes.push({ puts: puts.map((r) => r.id), removes: [...removes] });
      },
    };
    let due: (() => void) | undefined;
    const buffer = new PersistBuffer(
      store,
      (write) => (due = write),
      () => undefined,
    );
    buffer.markStored([row('old')]);
    for (const id of ['a', 'b', 'c', 'd']) buffer.put(row(id));
    buffer.remove('old');
    await buffer.markSent(['a', 'b'], 7);
    // The request waited for its own rows and the removal only: 'c' and 'd' may be sent before their delay
    // runs out, and then they are written once, as sent.
    expect(writes).toEqual([{ puts: ['a', 'b'], removes: ['old'] }]);
    expect(buffer.busy).toBe(true);
    // A row delivered before its delay ran out is never written, nor removed.
    buffer.remove('d');
    due?.();
    await turns();
    expect(writes).toEqual([
      { puts: ['a', 'b'], removes: ['old'] },
      { puts: ['c'], removes: [] },
    ]);
    expect(buffer.busy).toBe(false);
  });

  it('never writes a row removed before its write started', async () => {
    const { buffer, writes } = heldStore();
    buffer.put(row('a'));
    void buffer.markSent(['a'], 1);
    await turns();
    buffer.put(row('b'));
    void buffer.flush();
    buffer.remove('b');
    writes[0]!.land();
    await turns();
    // 'b' was taken back before the second write began: nothing of it is written or removed.
    expect(writes.slice(1).flatMap((w) => [...w.puts.map((r) => r.id), ...w.removes])).not.toContain('b');
  });
});
