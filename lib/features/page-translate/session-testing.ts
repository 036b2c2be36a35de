// The harness of the page session's tests (session.test.ts, session-stops.test.ts): a session whose messages,
// answers and clock are in the test's hands.
import { afterEach, beforeEach, vi } from 'vitest';
import type { ErrorInfo, Result } from '../../messaging/result.ts';
import type { PagePlan, PageSegment } from './messages.ts';
import type { Slicing } from './segments/index.ts';
import { upper } from './segments/test-translate.ts';
import { PageSession } from './session.ts';
import type { SessionDeps } from './session-state.ts';

export const PLAN: PagePlan = {
  targetLang: 'de',
  mode: 'replace',
  reading: 'whole-page',
  html: { target_lang: 'de', tag_handling: 'html', context: 'A page' },
  attr: { target_lang: 'de', context: 'A page' },
};

export const now: Slicing = { yieldNow: () => Promise.resolve() };
const noObserver = () => ({ observe() {}, unobserve() {}, disconnect() {} });
// The session's timers (the page watcher's debounce) run on fake timers: a wait moves them on by exactly
// that much, so "the debounce has run" holds however busy the machine is (a real 400 ms sleep left the
// watcher's 250 ms and the work after it 150 ms of margin).
export const tick = () => vi.advanceTimersByTimeAsync(0);
export const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

export interface Harness {
  session: PageSession;
  /** Every enqueue message, in order. */
  messages: Array<{ segments: PageSegment[]; resume: boolean }>;
  segments(): PageSegment[];
  /** The service's answer for every segment sent so far (upper case outside tags). */
  answerAll(): Promise<void>;
  unknownToBackground: Set<string>;
  check(): Promise<void>;
  advance(ms: number): void;
  /** The worker refuses the next enqueue messages with this error (undefined: accepts them again). */
  refuseWith(error: ErrorInfo | undefined): void;
}

let sessions: PageSession[] = [];

export function harness(
  plan: PagePlan = PLAN,
  prepare?: () => Promise<Result<PagePlan>>,
  slicing: Slicing = now,
  passSlicing: Slicing = now,
  extra: Pick<SessionDeps, 'detectLanguage'> = {},
): Harness {
  const messages: Harness['messages'] = [];
  const unknownToBackground = new Set<string>();
  let clock = 0;
  let checker: () => void = () => {};
  let refusal: ErrorInfo | undefined;
  const session = new PageSession({
    doc: document,
    win: window,
    docId: 'doc1',
    prepare: prepare ?? (async () => ({ ok: true, value: plan })),
    enqueue: async (segments, resume) => {
      messages.push({ segments, resume });
      if (refusal) return { ok: false, error: refusal };
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
    ...extra,
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
        segments().map((s) => ({ id: s.id, text: s.group === 'html' ? upper(s.text) : s.text.toUpperCase() })),
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
    refuseWith(error) {
      refusal = error;
    },
  };
}

/** Fake timers and an empty body for each test; every session made by `harness` disposed after it. */
export function setUpSessions(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    document.body.innerHTML = '';
    sessions = [];
  });

  afterEach(() => {
    for (const session of sessions) session.dispose();
    vi.useRealTimers();
  });
}
