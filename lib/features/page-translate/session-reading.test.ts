// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GateObserverFactory, Sight } from './gate.ts';
import type { PagePlan, PageSegment } from './messages.ts';
import type { Slicing } from './segments/index.ts';
import type { IntersectionEntryLike } from './segments/order.ts';
import { upper } from './segments/test-translate.ts';
import { PageSession } from './session.ts';

const PLAN: PagePlan = {
  targetLang: 'de',
  mode: 'replace',
  reading: 'as-you-read',
  html: { target_lang: 'de', tag_handling: 'html' },
  attr: { target_lang: 'de' },
};

const now: Slicing = { yieldNow: () => Promise.resolve() };
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const settle = async () => {
  for (let i = 0; i < 5; i++) await tick();
};

/** Blocks stacked 100 px apart from the top of the page; `hidden` ones have no box. */
const hidden = new Set<Element>();
let scrollY = 0;
const sight: Sight = {
  box(el) {
    const i = Number(el.id.slice(1));
    if (hidden.has(el) || !el.id.startsWith('p') || Number.isNaN(i)) return new DOMRect(0, 0, 0, 0);
    return new DOMRect(0, i * 100 - scrollY, 600, 100);
  },
  shown: (el) => !hidden.has(el),
  reachable: (el) => !hidden.has(el),
};

let report: (entries: readonly IntersectionEntryLike[]) => void = () => {};
const watched = new Set<Element>();
const gateObserver: GateObserverFactory = (callback) => {
  report = callback;
  return { observe: (el) => watched.add(el), unobserve: (el) => watched.delete(el), disconnect: () => watched.clear() };
};
/** The observer's zone: everything with a box (the test's page is short). */
const observe = () => report([...watched].map((target) => ({ target, isIntersecting: sight.box(target).height > 0 })));

let sessions: PageSession[] = [];

function harness(plan = PLAN) {
  const messages: PageSegment[][] = [];
  const session = new PageSession({
    doc: document,
    win: window,
    docId: 'doc1',
    prepare: async () => ({ ok: true, value: plan }),
    enqueue: async (segments) => {
      messages.push(segments);
      return { ok: true, value: { accepted: segments.length } };
    },
    status: async () => ({ ok: true, value: { unknown: [] } }),
    onView: () => {},
    repeat: () => () => {},
    slicing: now,
    passSlicing: now,
    createObserver: () => ({ observe() {}, unobserve() {}, disconnect() {} }),
    gateObserver,
    sight,
    schedule: (run) => run(),
  });
  sessions.push(session);
  const segments = () => messages.flat();
  return {
    session,
    segments,
    async answerAll() {
      session.receive(segments().map((s) => ({ id: s.id, text: s.group === 'html' ? upper(s.text) : s.text })));
      await settle();
    },
  };
}

beforeEach(() => {
  hidden.clear();
  watched.clear();
  scrollY = 0;
  sessions = [];
  Object.defineProperty(window, 'innerHeight', { value: 1000, configurable: true });
  Object.defineProperty(window, 'innerWidth', { value: 800, configurable: true });
  document.body.innerHTML = Array.from({ length: 40 }, (_, i) => `<p id="p${i}">Paragraph ${i} about boats.</p>`).join(
    '',
  );
});

afterEach(() => {
  for (const session of sessions) session.dispose();
});

describe('PageSession, as you read', () => {
  it('sends the screen and a margin, says it translates as you read, and never "done" while parts wait', async () => {
    const h = harness();
    await h.session.translate();
    observe();
    await settle();
    const sent = h.segments().map((s) => s.text);
    // 1000 px of screen and 150 px ahead: paragraphs 0 to 11.
    expect(sent).toHaveLength(12);
    expect(sent[0]).toBe('Paragraph 0 about boats.');
    expect(h.segments().every((s) => s.priority === 'visible')).toBe(true);
    await h.answerAll();
    expect(h.session.view()).toMatchObject({
      phase: 'reading',
      reading: 'as-you-read',
      progress: { total: 12, done: 12, waiting: 28 },
    });
    expect(document.getElementById('p0')?.textContent).toBe('PARAGRAPH 0 ABOUT BOATS.');
    expect(document.getElementById('p30')?.textContent).toBe('Paragraph 30 about boats.');
  });

  it('hidden content is sent when it shows, not before', async () => {
    const panel = document.getElementById('p3')!;
    hidden.add(panel);
    const h = harness();
    await h.session.translate();
    observe();
    await settle();
    expect(h.segments().map((s) => s.text)).not.toContain('Paragraph 3 about boats.');
    hidden.delete(panel);
    observe();
    await settle();
    expect(h.segments().map((s) => s.text)).toContain('Paragraph 3 about boats.');
  });

  it('switching to the whole page sends the rest, and the page is done once it is answered', async () => {
    const h = harness();
    await h.session.translate();
    observe();
    await settle();
    await h.answerAll();
    await h.session.setReading('whole-page');
    await settle();
    expect(h.segments()).toHaveLength(40);
    expect(
      h
        .segments()
        .slice(12)
        .every((s) => s.priority === 'background'),
    ).toBe(true);
    await h.answerAll();
    expect(h.session.view()).toMatchObject({ phase: 'done', reading: 'whole-page', progress: { total: 40, done: 40 } });
  });

  it('a switch before the page is translated starts it with that reading', async () => {
    const h = harness();
    await h.session.setReading('whole-page');
    await settle();
    expect(h.segments()).toHaveLength(40);
    expect(h.session.view().reading).toBe('whole-page');
  });
});
