// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageTranslation } from './restore.ts';
import { segment } from './segment.ts';
import { translateWith } from './test-translate.ts';
import type { TextUnit } from './types.ts';
import { type PageChange, PageWatcher, rescanAfter } from './watch.ts';

/** Lets queued mutation records reach the observer. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

let reports: PageChange[] = [];
let watcher: PageWatcher;

beforeEach(() => {
  vi.useFakeTimers();
  reports = [];
  document.body.innerHTML =
    '<main><ul id="feed"><li>First post</li></ul><p id="status">Loading</p><input placeholder="Search"></main>';
  watcher = new PageWatcher({ onChange: (change) => reports.push(change), debounceMs: 100, maxWaitMs: 1000 });
  watcher.observe(document.body);
});

afterEach(() => {
  watcher.disconnect();
  vi.useRealTimers();
});

describe('PageWatcher', () => {
  it('reports added content after a quiet period, once', async () => {
    const feed = document.getElementById('feed')!;
    const item = document.createElement('li');
    item.textContent = 'Second post';
    feed.append(item);
    await settle();
    const more = document.createElement('li');
    more.textContent = 'Third post';
    feed.append(more);
    await settle();
    expect(reports).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(reports).toEqual([{ added: [item, more], texts: [], containers: [feed], attributes: [] }]);
    const store = new PageTranslation({ targetLang: 'DE' });
    const roots = rescanAfter(reports[0]!, store);
    // Only the new items: the list itself only gained blocks.
    expect(roots).toEqual([item, more]);
    const units = roots.flatMap((root) => segment(root, { targetLang: 'DE' }).units.map((u) => u.source));
    expect(units).toEqual(['Second post', 'Third post']);
  });

  it('still reports a page that never goes quiet, at the latest after maxWaitMs', async () => {
    const status = document.getElementById('status')!.firstChild as Text;
    for (let i = 0; i < 15; i++) {
      status.data = `Loading ${i}`;
      await settle();
      vi.advanceTimersByTime(80);
    }
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect(reports[0]?.texts).toEqual([status]);
  });

  it('does not report Verso’s own merges, toggles and bilingual lines', async () => {
    const store = new PageTranslation({ targetLang: 'DE', around: watcher.ignore });
    const { units } = segment(document.body, { targetLang: 'DE' });
    for (const [unit, html] of translateWith(units)) store.apply(unit, html);
    store.setMode('bilingual');
    store.setMode('original');
    store.setMode('translated');
    await settle();
    vi.advanceTimersByTime(2000);
    expect(reports).toEqual([]);
    expect(document.getElementById('status')!.textContent).toBe('LOADING');
    expect(document.querySelector('input')!.placeholder).toBe('SEARCH');
  });

  it('hands back an attribute the page rewrote', async () => {
    const store = new PageTranslation({ targetLang: 'DE', around: watcher.ignore });
    const input = document.querySelector('input')!;
    const { units } = segment(document.body, { targetLang: 'DE' });
    for (const [unit, html] of translateWith(units)) store.apply(unit, html);
    expect(store.hasAttribute(input, 'placeholder')).toBe(true);
    input.setAttribute('placeholder', 'Search messages');
    await settle();
    vi.advanceTimersByTime(100);
    expect(reports).toEqual([{ added: [], texts: [], containers: [], attributes: [input] }]);
    const roots = rescanAfter(reports[0]!, store);
    expect(store.hasAttribute(input, 'placeholder')).toBe(false);
    const fresh = roots.flatMap((root) => segment(root, { targetLang: 'DE', claims: store }).units);
    expect(fresh.map((u) => u.source)).toEqual(['Search messages']);
  });

  it('keeps page changes made just before an own write', async () => {
    const store = new PageTranslation({ targetLang: 'DE', around: watcher.ignore });
    const [unit] = segment(document.getElementById('feed')!, { targetLang: 'DE' }).units;
    const added = document.createElement('li');
    added.textContent = 'Fresh';
    document.getElementById('feed')!.append(added);
    store.apply(unit!, 'ERSTER BEITRAG');
    await settle();
    vi.advanceTimersByTime(100);
    expect(reports.flatMap((r) => r.added)).toEqual([added]);
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const seen: PageChange[] = [];
    const own = new PageWatcher({ onChange: (change) => seen.push(change), debounceMs: 10, signal: controller.signal });
    own.observe(document.body);
    controller.abort();
    document.body.append(document.createElement('p'));
    await settle();
    vi.advanceTimersByTime(2000);
    expect(seen).toEqual([]);
  });

  it('sees content added inside open shadow roots, also of hosts added later', async () => {
    const host = document.createElement('x-widget');
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>Widget</p>';
    document.body.append(host);
    await settle();
    vi.advanceTimersByTime(100);
    reports = [];
    const inner = document.createElement('p');
    inner.textContent = 'Inside the shadow';
    shadow.append(inner);
    await settle();
    vi.advanceTimersByTime(100);
    expect(reports).toEqual([{ added: [inner], texts: [], containers: [shadow], attributes: [] }]);
    const roots = rescanAfter(reports[0]!, new PageTranslation({ targetLang: 'DE' }));
    expect(roots).toEqual([inner]);
  });

  it('hands back a translated unit the page rewrote, to be translated again from the page’s text', async () => {
    const store = new PageTranslation({ targetLang: 'DE', around: watcher.ignore });
    document.body.innerHTML = '<p id="c">You have <b>3</b> new messages</p>';
    await settle();
    vi.advanceTimersByTime(100);
    reports = [];
    const { units } = segment(document.body, { targetLang: 'DE' });
    for (const [unit, html] of translateWith(units)) store.apply(unit, html);
    const paragraph = document.getElementById('c')!;
    expect(paragraph.innerHTML).toBe('YOU HAVE <b>3</b> NEW MESSAGES');
    // A framework updates the text node it rendered (it holds the original node).
    const own = (units[0] as TextUnit).texts.keys().next().value as Text;
    own.data = 'You now have ';
    await settle();
    vi.advanceTimersByTime(100);
    expect(reports).toEqual([{ added: [], texts: [own], containers: [], attributes: [] }]);
    const again = rescanAfter(reports[0]!, store);
    expect(again).toEqual([paragraph]);
    expect(paragraph.innerHTML).toBe('You now have <b>3</b> new messages');
    const fresh = segment(again[0]!, { targetLang: 'DE', claims: store }).units;
    expect(fresh.map((u) => u.source)).toEqual(['You now have <img id="v1"> new messages']);
  });

  it('hands back a run the page added inline content to', async () => {
    const store = new PageTranslation({ targetLang: 'DE', around: watcher.ignore });
    document.body.innerHTML = '<div id="d">Hello there<p>Block</p></div>';
    const { units } = segment(document.body, { targetLang: 'DE' });
    for (const [unit, html] of translateWith(units)) store.apply(unit, html);
    await settle();
    vi.advanceTimersByTime(100);
    reports = [];
    const div = document.getElementById('d')!;
    div.insertBefore(document.createTextNode(' and welcome'), div.querySelector('p'));
    await settle();
    vi.advanceTimersByTime(100);
    const again = rescanAfter(reports[0]!, store);
    expect(again).toEqual([div]);
    const fresh = segment(div, { targetLang: 'DE', claims: store }).units.map((u) => u.source);
    expect(fresh).toEqual(['Hello there and welcome']);
  });
});

// Custom elements defined late: happy-dom has no `:defined`; tests/e2e/page-translate-components.spec.ts.
describe('PageWatcher: apps that replace their body', () => {
  it('follows a new <body>: reports it, watches it, and lets the old one go', async () => {
    watcher.followBody(document);
    const old = document.body;
    const body = document.createElement('body');
    body.innerHTML = '<main><h1>Chapter two</h1></main>';
    document.documentElement.replaceChild(body, document.body);
    await settle();
    vi.advanceTimersByTime(100);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.added).toEqual([body]);
    expect(reports[0]?.containers).toEqual([document.documentElement]);

    // The new body is watched, the old one no more.
    old.querySelector('#status')!.textContent = 'Gone';
    const p = document.createElement('p');
    p.textContent = 'The wind turns.';
    body.append(p);
    await settle();
    vi.advanceTimersByTime(100);
    expect(reports).toHaveLength(2);
    expect(reports[1]).toEqual({ added: [p], texts: [], containers: [body], attributes: [] });
  });
});
