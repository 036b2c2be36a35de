// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../messaging/result.ts';
import type { PagePlan, PageSegment } from './messages.ts';
import type { Slicing } from './segments/index.ts';
import { upper } from './segments/test-translate.ts';
import { PageSession } from './session.ts';
import { leftLine, statusLine } from './wording.ts';

const PLAN: PagePlan = {
  targetLang: 'de',
  mode: 'replace',
  reading: 'whole-page',
  html: { target_lang: 'de', tag_handling: 'html', context: 'A page' },
  attr: { target_lang: 'de', context: 'A page' },
};

const now: Slicing = { yieldNow: () => Promise.resolve() };
const noObserver = () => ({ observe() {}, unobserve() {}, disconnect() {} });
// The session's timers (the page watcher's debounce) run on fake timers: a wait moves them on by exactly
// that much, so "the debounce has run" holds however busy the machine is (a real 400 ms sleep left the
// watcher's 250 ms and the work after it 150 ms of margin).
const tick = () => vi.advanceTimersByTimeAsync(0);
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

interface Harness {
  session: PageSession;
  /** Every enqueue message, in order. */
  messages: Array<{ segments: PageSegment[]; resume: boolean }>;
  segments(): PageSegment[];
  /** The service's answer for every segment sent so far (upper case outside tags). */
  answerAll(): Promise<void>;
  unknownToBackground: Set<string>;
  check(): Promise<void>;
  advance(ms: number): void;
}

let sessions: PageSession[] = [];

function harness(
  plan: PagePlan = PLAN,
  prepare?: () => Promise<Result<PagePlan>>,
  slicing: Slicing = now,
  passSlicing: Slicing = now,
): Harness {
  const messages: Harness['messages'] = [];
  const unknownToBackground = new Set<string>();
  let clock = 0;
  let checker: () => void = () => {};
  const session = new PageSession({
    doc: document,
    win: window,
    docId: 'doc1',
    prepare: prepare ?? (async () => ({ ok: true, value: plan })),
    enqueue: async (segments, resume) => {
      messages.push({ segments, resume });
      return { ok: true, value: { accepted: segments.length } };
    },
    status: async (ids) => ({ ok: true, value: { unknown: ids.filter((id) => unknownToBackground.has(id)) } }),
    onView: () => {},
    repeat(run) {
      checker = run;
      return () => {};
    },
    slicing,
    passSlicing,
    now: () => clock,
    createObserver: noObserver,
  });
  sessions.push(session);
  const segments = () => messages.flatMap((m) => m.segments);
  return {
    session,
    messages,
    segments,
    unknownToBackground,
    async answerAll() {
      session.receive(
        segments().map((s) => ({ id: s.id, text: s.params.tag_handling ? upper(s.text) : s.text.toUpperCase() })),
      );
      await tick();
      await tick();
    },
    async check() {
      checker();
      await tick();
    },
    advance(ms) {
      clock += ms;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  document.body.innerHTML = '';
  sessions = [];
});

afterEach(() => {
  for (const session of sessions) session.dispose();
  vi.useRealTimers();
});

describe('PageSession', () => {
  it('says the page is translated only once every answer is written, not when the last one arrived', async () => {
    // More answers than one merge takes at a time (the rest's are merged 1,024 at a time).
    const COUNT = 1100;
    document.body.innerHTML = Array.from({ length: COUNT }, (_, i) => `<p>Paragraph number ${i}.</p>`).join('');
    // Frames come only when the test lets them: each write waits for one.
    const frames: Array<() => void> = [];
    const frame: Slicing = { yieldNow: () => new Promise<void>((resolve) => frames.push(resolve)), sliceMs: 0 };
    const h = harness(PLAN, undefined, frame);
    await h.session.translate();
    await h.answerAll();
    await wait(1000);
    const untranslated = () =>
      [...document.querySelectorAll('p')].filter((p) => !/PARAGRAPH/.test(p.textContent ?? ''));
    let looks = 0;
    while (untranslated().length > 0) {
      expect(h.session.view().phase, `${untranslated().length} paragraphs not written yet`).toBe('translating');
      frames.shift()?.();
      await tick();
      expect(++looks).toBeLessThan(5 * COUNT);
    }
    // The frame after the last write ends the merge.
    while (frames.length > 0) {
      frames.shift()!();
      await tick();
    }
    expect(h.session.view().phase).toBe('done');
  });

  it('sends text units with markup and attributes as plain text, each with its own id and group', async () => {
    document.body.innerHTML = '<p id="p">Read <a href="#x">the guide</a> now.</p><img id="i" alt="Fish & chips">';
    const h = harness();
    await h.session.translate();
    const sent = h.segments();
    expect(sent).toHaveLength(2);
    const text = sent.find((s) => s.params.tag_handling === 'html');
    const attr = sent.find((s) => s.params.tag_handling === undefined);
    expect(text?.text).toBe('Read <a id="v1">the guide</a> now.');
    expect(attr?.text).toBe('Fish & chips');
    expect(attr?.params).toEqual(PLAN.attr);
    for (const s of sent) expect(s.id).toMatch(/^doc1\.[0-9a-z]+$/);
    expect(h.messages[0]?.resume).toBe(true);
    expect(h.session.view()).toMatchObject({ phase: 'translating', progress: { total: 2, done: 0 } });
  });

  it('merges each answer exactly once: a repeated answer for the same id is ignored', async () => {
    document.body.innerHTML = '<p id="p">Read <a href="#x">the guide</a> now.</p>';
    const h = harness();
    await h.session.translate();
    const [segment] = h.segments();
    h.session.receive([{ id: segment!.id, text: 'Lies <a id="v1">den Leitfaden</a> jetzt.' }]);
    await tick();
    const p = document.getElementById('p')!;
    expect(p.innerHTML).toBe('Lies <a href="#x">den Leitfaden</a> jetzt.');
    h.session.receive([
      { id: segment!.id, text: 'Something else entirely.' },
      { id: 'doc1.unknown', text: 'x' },
    ]);
    await tick();
    expect(p.innerHTML).toBe('Lies <a href="#x">den Leitfaden</a> jetzt.');
    expect(h.session.view()).toMatchObject({ phase: 'done', progress: { total: 1, done: 1, failed: 0 } });
  });

  it('does not call a page translated when the service answered some texts without text', async () => {
    document.body.innerHTML = [1, 2, 3, 4, 5, 6].map((n) => `<p>Paragraph ${n}</p>`).join('');
    const h = harness();
    await h.session.translate();
    const sent = h.segments();
    expect(sent).toHaveLength(6);
    // A hostile service: three answers are empty (or only whitespace, or only the markup's tags).
    h.session.receive(sent.map((s, i) => ({ id: s.id, text: i % 2 === 0 ? upper(s.text) : ['', ' ', '\n'][i >> 1]! })));
    await tick();
    await tick();
    const view = h.session.view();
    expect(view).toMatchObject({ phase: 'done', progress: { total: 6, done: 6, failed: 0, empty: 3 } });
    expect(statusLine(view)).toBe('Partly translated into German');
    expect(leftLine(view)).toBe('3 parts were not translated. The service answered them without any text.');
    expect([...document.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'PARAGRAPH 1',
      'Paragraph 2',
      'PARAGRAPH 3',
      'Paragraph 4',
      'PARAGRAPH 5',
      'Paragraph 6',
    ]);
  });

  it('sends a source that appears several times once, and gives every copy the answer', async () => {
    document.body.innerHTML = '<ul><li>Read more</li><li>Read more</li><li>Other</li><li>Read more</li></ul>';
    const h = harness();
    await h.session.translate();
    expect(h.segments().map((s) => s.text)).toEqual(['Read more', 'Other']);
    await h.answerAll();
    expect([...document.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'READ MORE',
      'READ MORE',
      'OTHER',
      'READ MORE',
    ]);
    expect(h.session.view().progress).toEqual({ total: 4, done: 4, failed: 0 });

    // Content added later with a known source costs no message at all.
    document.querySelector('ul')!.insertAdjacentHTML('beforeend', '<li>Read more</li>');
    await wait(400);
    expect(h.segments()).toHaveLength(2);
    expect(document.querySelectorAll('li')[4]?.textContent).toBe('READ MORE');
  });

  it('keeps markup in an attribute answer as text', async () => {
    document.body.innerHTML = '<img id="i" alt="A boat">';
    const h = harness();
    await h.session.translate();
    const [segment] = h.segments();
    h.session.receive([{ id: segment!.id, text: '<img src=x onerror="alert(1)">Ein Boot & mehr' }]);
    await tick();
    expect(document.getElementById('i')?.getAttribute('alt')).toBe('<img src=x onerror="alert(1)">Ein Boot & mehr');
    expect(document.querySelectorAll('img')).toHaveLength(1);
  });

  it('shows the original exactly and the translation again without sending anything', async () => {
    document.body.innerHTML = '<h1>Title</h1><p>Some <b>bold</b> words.</p><table><tr><td>Cell one</td></tr></table>';
    const before = document.body.innerHTML;
    const h = harness();
    await h.session.translate();
    await h.answerAll();
    expect(document.querySelector('p')?.textContent).toBe('SOME BOLD WORDS.');
    const sent = h.messages.length;
    await h.session.showOriginal();
    expect(document.body.innerHTML).toBe(before);
    expect(h.session.view().shown).toBe('original');
    await h.session.toggle();
    expect(document.querySelector('td')?.textContent).toBe('CELL ONE');
    expect(h.session.view().shown).toBe('translated');
    expect(h.messages).toHaveLength(sent);
  });

  it('shows a bilingual line under each block, removed exactly', async () => {
    document.body.innerHTML = '<p>Hello <i>there</i>.</p>';
    const before = document.body.innerHTML;
    const h = harness({ ...PLAN, mode: 'bilingual' });
    await h.session.translate();
    await h.answerAll();
    expect(document.querySelector('.verso-bilingual')?.textContent).toBe('HELLO THERE.');
    expect(document.querySelector('p > i')?.textContent).toBe('there');
    await h.session.showOriginal();
    expect(document.body.innerHTML).toBe(before);
  });

  it('stops on an exhausted quota, and "Try again" sends the same segments again, lifting the stop', async () => {
    document.body.innerHTML = '<p>One</p><p>Two</p>';
    const h = harness();
    await h.session.translate();
    const ids = h.segments().map((s) => s.id);
    h.session.fail(ids, { name: 'QueueError', code: 'quota_exceeded', message: 'Quota exceeded' });
    expect(h.session.view()).toMatchObject({
      phase: 'stopped',
      error: { code: 'quota_exceeded' },
      progress: { failed: 2 },
    });
    await h.session.translate(true);
    const again = h.messages[h.messages.length - 1]!;
    expect(again.resume).toBe(true);
    expect(again.segments.map((s) => s.id)).toEqual(ids);
    expect(h.session.view()).toMatchObject({ phase: 'translating', progress: { failed: 0 } });
    h.session.receive(again.segments.map((s) => ({ id: s.id, text: upper(s.text) })));
    await tick();
    expect(h.session.view()).toMatchObject({ phase: 'done', progress: { total: 2, done: 2, failed: 0 } });
  });

  it('an automatic start does not lift a stop of the queue', async () => {
    document.body.innerHTML = '<p>One</p>';
    const h = harness();
    await h.session.translate(false);
    expect(h.messages[0]?.resume).toBe(false);
  });

  it('asks the background about units unanswered for a while and sends only those it does not know', async () => {
    document.body.innerHTML = '<p>One</p><p>Two</p><p>Three</p>';
    const h = harness();
    await h.session.translate();
    const [first, second] = h.segments();
    await h.check();
    expect(h.messages).toHaveLength(1);
    h.advance(5000);
    h.unknownToBackground.add(second!.id);
    await h.check();
    expect(h.messages).toHaveLength(2);
    expect(h.messages[1]?.segments.map((s) => s.id)).toEqual([second!.id]);
    // Answered meanwhile: nothing to ask about it any more.
    h.session.receive([{ id: first!.id, text: 'EINS' }]);
    h.advance(5000);
    h.unknownToBackground.add(first!.id);
    await h.check();
    expect(h.messages[2]?.segments.map((s) => s.id)).toEqual([second!.id]);
  });

  it('cuts again a unit the page changed while its answer was on the way', async () => {
    document.body.innerHTML = '<p id="p">Old text</p>';
    const h = harness();
    await h.session.translate();
    const [segment] = h.segments();
    document.getElementById('p')!.firstChild!.textContent = 'New text';
    await wait(400);
    h.session.receive([{ id: segment!.id, text: 'OLD TEXT' }]);
    await wait(50);
    expect(h.segments().map((s) => s.text)).toEqual(['Old text', 'New text']);
    await h.answerAll();
    expect(document.getElementById('p')?.textContent).toBe('NEW TEXT');
  });

  it('translates content the page adds later, including inside an open shadow root', async () => {
    document.body.innerHTML = '<div id="host"></div><p>First</p>';
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>Inside</p>';
    const h = harness();
    await h.session.translate();
    await h.answerAll();
    expect(shadow.querySelector('p')?.textContent).toBe('INSIDE');
    document.body.insertAdjacentHTML('beforeend', '<p>Later</p>');
    shadow.append(Object.assign(document.createElement('p'), { textContent: 'Later inside' }));
    await wait(400);
    expect(h.segments().map((s) => s.text)).toEqual(expect.arrayContaining(['Later', 'Later inside']));
    await h.answerAll();
    expect(shadow.querySelectorAll('p')[1]?.textContent).toBe('LATER INSIDE');
  });

  it('reports a failed start and starts again when asked', async () => {
    document.body.innerHTML = '<p>One</p>';
    let calls = 0;
    const h = harness(PLAN, async () =>
      ++calls === 1
        ? { ok: false, error: { name: 'Error', code: 'network', message: 'offline' } }
        : { ok: true, value: PLAN },
    );
    await h.session.translate();
    expect(h.session.view()).toMatchObject({ phase: 'error', error: { code: 'network' } });
    expect(h.messages).toHaveLength(0);
    await h.session.translate();
    expect(h.session.view().phase).toBe('translating');
    expect(h.segments()).toHaveLength(1);
  });
});

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
