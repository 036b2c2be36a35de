// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Result } from '../../messaging/result.ts';
import type { PagePlan } from './messages.ts';
import type { Slicing } from './segments/index.ts';
import { type Harness, harness, now, PLAN, setUpSessions, tick, wait } from './session-testing.ts';
import { statusLine } from './wording.ts';

setUpSessions();

describe('PageSession while stopped', () => {
  it('keeps content added while stopped for the next try', async () => {
    document.body.innerHTML = '<p>One</p>';
    const h = harness();
    await h.session.translate();
    h.session.fail(
      h.segments().map((s) => s.id),
      { name: 'QueueError', code: 'auth', message: 'Forbidden' },
    );
    document.body.insertAdjacentHTML('beforeend', '<p>Added while stopped</p>');
    await wait(400);
    expect(h.segments().map((s) => s.text)).toEqual(['One']);
    await h.session.translate(true);
    await wait(20);
    expect(h.segments().map((s) => s.text)).toEqual(['One', 'One', 'Added while stopped']);
  });
  it('gathers answers for the rest of the page and writes them together once nothing else is awaited', async () => {
    document.body.innerHTML = '<p id="a">First part</p><p id="b">Second part</p>';
    const h = harness();
    await h.session.translate();
    const [a, b] = h.segments();
    expect(a?.priority).toBe('background');
    h.session.receive([{ id: a!.id, text: 'FIRST PART' }]);
    await tick();
    await tick();
    // One answer of two: written with the next, so the page pays for one frame of writes, not two.
    expect(document.getElementById('a')!.textContent).toBe('First part');
    h.session.receive([{ id: b!.id, text: 'SECOND PART' }]);
    await tick();
    await tick();
    expect(document.getElementById('a')!.textContent).toBe('FIRST PART');
    expect(document.getElementById('b')!.textContent).toBe('SECOND PART');
  });

  it('writes a repeat of known text found off the screen with the rest of the answers, not in a frame of its own', async () => {
    document.body.innerHTML = '<p id="a">Read more</p><p id="b">Other</p>';
    const h = harness();
    await h.session.translate();
    const [a] = h.segments();
    h.session.receive([{ id: a!.id, text: 'READ MORE' }]);
    await wait(250);
    expect(document.getElementById('a')!.textContent).toBe('READ MORE');
    // The page adds a repeat while "Other" is still awaited: cut after the watcher's quiet time (250 ms).
    document.body.insertAdjacentHTML('beforeend', '<p id="c">Read more</p>');
    await wait(300);
    expect(h.segments()).toHaveLength(2);
    expect(document.getElementById('c')!.textContent).toBe('Read more');
    // Written with what the gathering time brings, as the rest's answers are.
    await wait(250);
    expect(document.getElementById('c')!.textContent).toBe('READ MORE');
    expect(document.getElementById('b')!.textContent).toBe('Other');
  });

  it("holds the rest's answers until the page is cut, also while no request is out", async () => {
    // Big enough to be cut in two parts, one after the other: 600 paragraphs, then 500 and a repeat.
    const part = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `<p id="p${from + i}">Part ${from + i} about boats</p>`).join('');
    document.body.innerHTML = `<div>${part(0, 600)}</div><div>${part(600, 500)}<p id="again">Part 0 about boats</p></div>`;
    // The cut stops once the first part is handed on, until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let h: Harness | undefined;
    const pausing: Slicing = {
      yieldNow: () => (h?.session.view().progress.total === 600 ? held : Promise.resolve()),
      sliceMs: 0,
    };
    h = harness(PLAN, undefined, now, pausing);
    void h.session.translate();
    await wait(10);
    expect(h.segments()).toHaveLength(600);
    // Every request out is answered while the second part is still to be cut: nothing is written yet.
    await h.answerAll();
    await wait(300);
    expect(document.getElementById('p0')!.textContent).toBe('Part 0 about boats');
    release();
    await wait(10);
    // The cut ends: the first part's answers are written, and the repeat takes its answer without a request.
    await wait(300);
    expect(document.getElementById('p0')!.textContent).toBe('PART 0 ABOUT BOATS');
    expect(document.getElementById('again')!.textContent).toBe('PART 0 ABOUT BOATS');
    expect(h.segments().filter((s) => s.text === 'Part 0 about boats')).toHaveLength(1);
    expect(h.segments()).toHaveLength(1100);
  });

  it('writes gathered answers after the gathering time while others are still awaited', async () => {
    document.body.innerHTML = '<p id="a">First part</p><p id="b">Second part</p>';
    const h = harness();
    await h.session.translate();
    const [a] = h.segments();
    h.session.receive([{ id: a!.id, text: 'FIRST PART' }]);
    await tick();
    expect(document.getElementById('a')!.textContent).toBe('First part');
    await wait(250);
    await tick();
    expect(document.getElementById('a')!.textContent).toBe('FIRST PART');
    expect(document.getElementById('b')!.textContent).toBe('Second part');
  });
});

describe('PageSession when the worker stops while the page is preparing', () => {
  /** What the browser does to a message whose worker stopped before answering: the send rejects. */
  const lost = () => Promise.reject(new Error('The message port closed before a response was received.'));

  it('asks for the plan once more, and translates with the second answer', async () => {
    document.body.innerHTML = '<p>Hello there.</p>';
    const answers = [lost, async (): Promise<Result<PagePlan>> => ({ ok: true, value: PLAN })];
    let asked = 0;
    const h = harness(PLAN, () => answers[asked++]!());
    await h.session.translate();
    expect(asked).toBe(2);
    expect(h.segments().map((s) => s.text)).toEqual(['Hello there.']);
    expect(h.session.view().phase).toBe('translating');
  });

  it('lost twice: says Verso stopped before the page was ready, and Try again starts anew', async () => {
    document.body.innerHTML = '<p>Hello there.</p>';
    let asked = 0;
    let worker: 'stopping' | 'up' = 'stopping';
    const h = harness(PLAN, () => {
      asked++;
      return worker === 'up' ? Promise.resolve({ ok: true, value: PLAN }) : lost();
    });
    await h.session.translate();
    expect(asked).toBe(2);
    const view = h.session.view();
    expect(view.phase).toBe('error');
    expect(view.error?.message).toBe('Verso stopped before the page was ready: try again.');
    expect(statusLine(view)).toBe('The page could not be translated');
    expect(h.messages).toHaveLength(0);
    // The person's Try again: a new worker answers.
    worker = 'up';
    await h.session.translate();
    expect(asked).toBe(3);
    expect(h.session.view().phase).toBe('translating');
    expect(h.session.view().error).toBeUndefined();
    expect(h.segments().map((s) => s.text)).toEqual(['Hello there.']);
  });

  it('a question the browser could not deliver (the old worker still going down) is sent again after a pause', async () => {
    document.body.innerHTML = '<p>Hello there.</p>';
    const calls: string[] = [];
    let reachable = false;
    const h = harness(PLAN, () => {
      calls.push(reachable ? 'answered' : calls.length === 0 ? 'lost' : 'not delivered');
      if (calls.length === 1) return lost();
      if (!reachable) return Promise.reject(new Error('Could not establish connection. Receiving end does not exist.'));
      return Promise.resolve({ ok: true, value: PLAN });
    });
    const started = h.session.translate();
    await tick();
    // The answer lost, then the question not delivered: the page waits before it asks again.
    expect(calls).toEqual(['lost', 'not delivered']);
    expect(h.session.view().phase).toBe('preparing');
    reachable = true;
    await wait(50);
    await started;
    expect(calls).toEqual(['lost', 'not delivered', 'answered']);
    expect(h.session.view().phase).toBe('translating');
    expect(h.segments()).toHaveLength(1);
  });
});
