import { describe, expect, it } from 'vitest';
import { TranslationQueue } from './queue.ts';
import { MemoryQueueStore } from './store.ts';
import { FakeService, flush, ManualClock, MapCache, Recorder, runUntilIdle, segments } from './testing.ts';
import type { Admission, AdmitPart } from './types.ts';

/**
 * The spending guard's hook (QueueOptions.admit): every request is counted once before it leaves, a
 * refusal fails its segments unsent, and the characters of parts dropped before they left (the tab
 * reloaded while the request waited to go) are given back; never those of a request that went.
 */

/** A guard that counts what it admits and what it is given back; `gate` makes admission wait. */
class Ledger {
  counted = 0;
  refunded = 0;
  refuse = false;
  gate: Promise<void> | undefined;
  asked = 0;

  admit = async ({ parts }: { parts: AdmitPart[] }): Promise<Admission> => {
    this.asked++;
    if (this.gate) await this.gate;
    if (this.refuse) return { refused: { code: 'held', message: 'Held back' } };
    this.counted += parts.reduce((sum, part) => sum + part.chars, 0);
    const refund = (back: number) => {
      this.refunded += back;
    };
    return { refunds: parts.map(() => refund) };
  };

  get net(): number {
    return this.counted - this.refunded;
  }
}

function setUp() {
  const clock = new ManualClock();
  const service = new FakeService(clock);
  const recorder = new Recorder();
  const ledger = new Ledger();
  const queue = new TranslationQueue({
    send: service.send,
    deliver: recorder.deliver,
    fail: recorder.fail,
    cache: new MapCache(),
    store: new MemoryQueueStore(),
    clock,
    random: () => 0.5,
    admit: ledger.admit,
  });
  const sentChars = () => service.sentTexts().reduce((sum, text) => sum + text.length, 0);
  return { clock, service, recorder, ledger, queue, sentChars };
}

describe('TranslationQueue: the spending guard', () => {
  it('counts every request once, before it leaves: what is counted is what is sent', async () => {
    const { queue, clock, ledger, sentChars, recorder } = setUp();
    await queue.enqueue(segments(40));
    await runUntilIdle(queue, clock);
    expect(recorder.delivered).toHaveLength(40);
    expect(ledger.counted).toBe(sentChars());
    expect(ledger.refunded).toBe(0);
  });

  it('fails the segments of a refused request and sends nothing of them', async () => {
    const { queue, clock, ledger, service, recorder } = setUp();
    ledger.refuse = true;
    await queue.enqueue(segments(3));
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(0);
    expect(recorder.failed.map((f) => [f.id, f.error.code])).toEqual([
      ['s0', 'held'],
      ['s1', 'held'],
      ['s2', 'held'],
    ]);
    expect(ledger.net).toBe(0);
  });

  it('gives back what it counted for a request dropped before it left (the tab reloaded meanwhile)', async () => {
    const { queue, clock, ledger, service } = setUp();
    let open = () => {};
    ledger.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    await queue.enqueue(segments(5));
    for (let i = 0; i < 10 && ledger.asked === 0; i++) await flush();
    expect(ledger.asked).toBeGreaterThan(0);
    queue.cancelTab(1);
    open();
    await runUntilIdle(queue, clock);
    expect(service.calls).toHaveLength(0);
    expect(ledger.counted).toBeGreaterThan(0);
    expect(ledger.net).toBe(0);
  });

  it('keeps counting a request that left, even when its tab goes before the answer', async () => {
    const { queue, clock, ledger, service, sentChars } = setUp();
    service.latencyMs = 5_000;
    await queue.enqueue(segments(5));
    for (let i = 0; i < 20 && service.calls.length === 0; i++) await flush();
    expect(service.calls).toHaveLength(1);
    queue.cancelTab(1);
    await runUntilIdle(queue, clock);
    // The service may have billed it: it stays counted.
    expect(ledger.net).toBe(sentChars());
    expect(ledger.refunded).toBe(0);
  });

  it('does not count a text again when it is sent again after a 429', async () => {
    const { queue, clock, ledger, service, recorder } = setUp();
    service.respond = (_call, index) => (index === 0 ? { code: 'too_many_requests', retryAfterMs: 1_000 } : 'ok');
    await queue.enqueue(segments(4));
    await runUntilIdle(queue, clock);
    expect(service.calls.length).toBeGreaterThanOrEqual(2);
    expect(recorder.delivered).toHaveLength(4);
    const once = service.calls[0]!.batch.texts.reduce((sum, text) => sum + text.length, 0);
    expect(ledger.counted).toBe(once);
  });
});
