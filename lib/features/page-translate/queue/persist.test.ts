import { describe, expect, it } from 'vitest';
import { PersistBuffer } from './persist.ts';
import { MemoryQueueStore, type QueueJobRecord, type QueueStore, type QueueStoreWrite } from './store.ts';

const row = (id: string): QueueJobRecord => ({
  id,
  tabId: 1,
  segmentId: id,
  text: `Text ${id}.`,
  params: {},
  priority: 'background',
  createdAt: 0,
});

/** A store whose writes land only when the test lets them; `rows()` is what a restart would read. */
function heldStore() {
  const writes: Array<QueueStoreWrite & { land: () => void }> = [];
  const landed = new MemoryQueueStore();
  const store: QueueStore = {
    load: () => landed.load(),
    write: (change) =>
      new Promise<void>((resolve) => {
        writes.push({
          ...change,
          land: () => void landed.write(change).then(resolve),
        });
      }),
  };
  // Nothing is written on a timer here: only `markSent` and `flush` write.
  const buffer = new PersistBuffer(
    store,
    () => undefined,
    () => undefined,
  );
  return { buffer, writes, rows: () => landed.rows() };
}

/** A store that writes at once, with the timer's write in the test's hand. */
function timedStore() {
  const writes: QueueStoreWrite[] = [];
  const landed = new MemoryQueueStore();
  const store: QueueStore = {
    load: () => landed.load(),
    write: async (change) => {
      writes.push(change);
      await landed.write(change);
    },
  };
  let due: (() => void) | undefined;
  const buffer = new PersistBuffer(
    store,
    (write) => (due = write),
    () => undefined,
  );
  return { buffer, writes, rows: () => landed.rows(), due: () => due?.() };
}

const turns = async (n = 30) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

const ids = (rows: readonly QueueJobRecord[]) => rows.map((r) => r.id);

describe('PersistBuffer', () => {
  it('lets requests that start during a write share the next one, which holds every request meanwhile', async () => {
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
    // One write for the three, one record per request, each row marked.
    expect(writes).toHaveLength(2);
    expect(writes[1]!.sent.map((r) => r.rows.map((x) => [x.id, x.sentAt]))).toEqual([
      [['b', 20]],
      [['c', 21]],
      [['d', 22]],
    ]);
    expect(writes[1]!.puts).toEqual([]);
    writes[1]!.land();
    await turns();
    expect(othersLanded).toBe(true);
    expect(rows().map((r) => r.sentAt)).toEqual([10, 20, 21, 22]);
  });

  it("writes a request's rows as one record with the removals, once; rows still waiting keep to their delay", async () => {
    const { buffer, writes, rows, due } = timedStore();
    buffer.markStored([row('old')]);
    await buffer.flush();
    for (const id of ['a', 'b', 'c', 'd']) buffer.put(row(id));
    buffer.remove('old');
    await buffer.markSent(['a', 'b'], 7);
    expect(writes.at(-1)).toMatchObject({ puts: [], removes: ['old'], sentRemoves: [] });
    expect(writes.at(-1)!.sent.map((r) => ids(r.rows))).toEqual([['a', 'b']]);
    expect(buffer.busy).toBe(true);
    // 'd' is delivered before its delay ran out: never written, nor removed.
    buffer.remove('d');
    // 'a' and 'b' are answered: their request's record goes, and nothing else of theirs was written.
    buffer.remove('a');
    buffer.remove('b');
    due();
    await turns();
    expect(writes.at(-1)).toMatchObject({ removes: [], sent: [] });
    expect(ids(writes.at(-1)!.puts)).toEqual(['c']);
    expect(writes.at(-1)!.sentRemoves).toHaveLength(1);
    expect(ids(rows())).toEqual(['c']);
    expect(buffer.busy).toBe(false);
  });

  it('a request that loses some rows is written again without them; a restart never reads them as out', async () => {
    const { buffer, writes, rows } = timedStore();
    for (const id of ['a', 'b']) buffer.put(row(id));
    await buffer.markSent(['a', 'b'], 3);
    // One text's answer was refused and it failed; the other waits for a part still out.
    buffer.remove('a');
    await buffer.flush();
    expect(writes.at(-1)!.sent.map((r) => ids(r.rows))).toEqual([['b']]);
    expect(rows().map((r) => [r.id, r.sentAt])).toEqual([['b', 3]]);
  });

  it('a 429 takes the request back: its record goes and its rows wait to be written like any other', async () => {
    const { buffer, rows } = timedStore();
    buffer.put(row('a'));
    await buffer.markSent(['a'], 5);
    expect(rows().map((r) => r.sentAt)).toEqual([5]);
    buffer.clearSent(['a']);
    await buffer.flush();
    expect(rows()).toEqual([row('a')]);
  });

  it('a row restored as sent is written again without `sentAt` after a 429, without reading the store', async () => {
    const { buffer, writes, rows } = heldStore();
    buffer.markStored([{ ...row('a'), sentAt: 1 }]);
    const landed = buffer.markSent(['a'], 5);
    await turns();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.sent[0]!.rows).toEqual([{ ...row('a'), sentAt: 5 }]);
    writes[0]!.land();
    await landed;
    buffer.clearSent(['a']);
    const cleared = buffer.flush();
    await turns();
    expect(writes).toHaveLength(2);
    expect(writes[1]!.puts).toEqual([row('a')]);
    writes[1]!.land();
    await cleared;
    expect(rows()).toEqual([row('a')]);
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
    expect(
      writes.slice(1).flatMap((w) => [...ids(w.puts), ...w.removes, ...w.sent.flatMap((r) => ids(r.rows))]),
    ).not.toContain('b');
  });
});
