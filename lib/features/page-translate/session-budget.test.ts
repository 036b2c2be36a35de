// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATE_CHARS_PER_MINUTE, LATE_CHARS_TOTAL, LateBudget } from './budget.ts';
import type { PagePlan, PageSegment } from './messages.ts';
import type { Slicing } from './segments/index.ts';
import { upper } from './segments/test-translate.ts';
import { PageSession } from './session.ts';
import { lateQuestion, statusLine } from './wording.ts';

const PLAN: PagePlan = {
  targetLang: 'de',
  mode: 'replace',
  reading: 'whole-page',
  html: { target_lang: 'de', tag_handling: 'html' },
  attr: { target_lang: 'de' },
};

const now: Slicing = { yieldNow: () => Promise.resolve() };
const noObserver = () => ({ observe() {}, unobserve() {}, disconnect() {} });
// The session's timers are the test's (vi.useFakeTimers below): time passes when the test says so, so
// the watcher's debounce has surely run when a check follows, however busy the machine.
const tick = () => vi.advanceTimersByTimeAsync(0);
/** The watcher reports changes after a short debounce of its own: let more than that pass. */
const settled = () => vi.advanceTimersByTimeAsync(400);

let sessions: PageSession[] = [];

function harness(budget: LateBudget) {
  const segments: PageSegment[] = [];
  let clock = 0;
  const session = new PageSession({
    doc: document,
    win: window,
    docId: 'doc1',
    prepare: async () => ({ ok: true, value: PLAN }),
    enqueue: async (sent) => {
      segments.push(...sent);
      return { ok: true, value: { accepted: sent.length } };
    },
    status: async () => ({ ok: true, value: { unknown: [] } }),
    onView: () => {},
    repeat: () => () => {},
    slicing: now,
    passSlicing: now,
    now: () => clock,
    createObserver: noObserver,
    lateBudget: budget,
  });
  sessions.push(session);
  return {
    session,
    segments,
    chars: () => segments.reduce((sum, s) => sum + s.text.length, 0),
    async answerAll() {
      session.receive(segments.map((s) => ({ id: s.id, text: upper(s.text) })));
      await tick();
      await tick();
    },
    advance(ms: number) {
      clock += ms;
    },
  };
}

/** A paragraph of exactly 100 characters, different for each n. */
const paragraph = (n: number) => `Paragraph ${String(n).padStart(4, '0')} `.padEnd(100, 'x');

function addParagraphs(from: number, count: number) {
  const html = Array.from({ length: count }, (_, i) => `<p>${paragraph(from + i)}</p>`).join('');
  document.body.insertAdjacentHTML('beforeend', html);
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

describe('LateBudget', () => {
  it('allows up to the limit per minute and in total, then pauses until granted', () => {
    const budget = new LateBudget(300, 500);
    expect(budget.spend(200, 0)).toBe(true);
    expect(budget.spend(100, 1)).toBe(true);
    expect(budget.spend(1, 2)).toBe(false);
    expect(budget.paused).toBe(true);
    // Paused: a new minute changes nothing until the person asks.
    expect(budget.spend(1, 120_000)).toBe(false);
    budget.grant();
    expect(budget.spend(300, 120_001)).toBe(true);
    // A minute later the rate allows more, but the total does not.
    expect(budget.spend(200, 180_002)).toBe(true);
    expect(budget.spend(1, 240_003)).toBe(false);
  });

  it('has documented defaults', () => {
    expect([LATE_CHARS_PER_MINUTE, LATE_CHARS_TOTAL]).toEqual([20_000, 100_000]);
  });
});

describe('PageSession: the late-content budget', () => {
  it('sends what the page adds up to the budget, pauses and asks, and "Translate more" grants another', async () => {
    document.body.innerHTML = `<p>${'First screen. '.repeat(40)}</p>`;
    const h = harness(new LateBudget(1_000, 5_000));
    await h.session.translate();
    const first = h.chars();
    expect(first).toBeGreaterThan(500);
    await h.answerAll();
    expect(h.session.view().phase).toBe('done');

    addParagraphs(0, 25);
    await settled();
    // The first pass is not counted; the late paragraphs up to 1,000 characters are.
    expect(h.chars() - first).toBe(1_000);
    await h.answerAll();
    const view = h.session.view();
    expect(view).toMatchObject({ phase: 'reading', latePaused: true, progress: { overBudget: 15 } });
    expect(statusLine(view)).toBe('Partly translated into German');
    expect(lateQuestion(view)?.question).toBe('This page keeps adding text: translate more?');

    // More comes while paused: not even cut.
    addParagraphs(25, 10);
    await settled();
    expect(h.chars() - first).toBe(1_000);

    h.session.translateMore();
    await settled();
    expect(h.chars() - first).toBe(2_000);
    expect(h.session.view().latePaused).toBe(true);
    h.advance(60_000);
    h.session.translateMore();
    await settled();
    await h.answerAll();
    h.advance(60_000);
    h.session.translateMore();
    await settled();
    await h.answerAll();
    expect(h.chars() - first).toBe(3_500);
    expect(h.session.view()).toMatchObject({ phase: 'done', progress: { failed: 0 } });
    expect(h.session.view().latePaused).toBeUndefined();
    expect([...document.querySelectorAll('p')].every((p) => p.textContent === p.textContent?.toUpperCase())).toBe(true);
  });

  it('counts text the page repeats only once: known answers cost nothing', async () => {
    document.body.innerHTML = '<p>Start</p>';
    const h = harness(new LateBudget(250, 5_000));
    await h.session.translate();
    await h.answerAll();
    for (let i = 0; i < 3; i++) document.body.insertAdjacentHTML('beforeend', `<p>${paragraph(1)}</p>`);
    await settled();
    await h.answerAll();
    for (let i = 0; i < 3; i++) document.body.insertAdjacentHTML('beforeend', `<p>${paragraph(1)}</p>`);
    await settled();
    await h.answerAll();
    expect(h.segments.map((s) => s.text)).toEqual(['Start', paragraph(1)]);
    expect(h.session.view().latePaused).toBeUndefined();
  });
});
