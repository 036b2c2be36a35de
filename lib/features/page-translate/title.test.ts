// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageSegment, PageView } from './messages.ts';
import { PageTitle, plainOf } from './title.ts';

const view = (over: Partial<PageView> = {}): PageView => ({
  phase: 'translating',
  shown: 'translated',
  progress: { total: 2, done: 0, failed: 0 },
  targetLang: 'DE',
  ...over,
});

const first: PageSegment = { id: 'doc1.1', text: 'Hello', group: 'html', priority: 'visible' };

describe('PageTitle', () => {
  beforeEach(() => {
    document.documentElement.removeAttribute('lang');
    document.head.innerHTML = '<title>\n  Boats &amp; oars </title>';
    document.body.innerHTML = '<p>Text</p>';
  });

  it('sends the title with the first segments once per start, writes its answer, and restores it exactly', () => {
    const title = new PageTitle(document);
    title.follow(view({ phase: 'preparing' }));
    title.follow(view());
    const sent = title.attach('doc1', [first]);
    expect(sent.map((s) => s.id)).toEqual(['doc1.1', 'doc1.title']);
    expect(sent[1]?.text).toBe('Boats &amp; oars');
    expect(title.attach('doc1', [first])).toHaveLength(1);

    expect(title.take({ id: 'doc1.1', text: 'Hallo' })).toBe(false);
    expect(title.take({ id: 'doc1.title', text: 'Böäts &amp; öärs' })).toBe(true);
    expect(document.title).toBe('Böäts & öärs');
    title.follow(view({ phase: 'done' }));
    // The root keeps its language (the translated blocks say theirs): changing it lays out the whole page.
    expect(document.documentElement.hasAttribute('lang')).toBe(false);

    title.follow(view({ shown: 'original' }));
    expect(document.querySelector('title')?.textContent).toBe('\n  Boats & oars ');

    // Shown again: known, nothing sent.
    title.follow(view({ phase: 'done' }));
    expect(document.title).toBe('Böäts & öärs');
  });

  it('keeps a title the page set itself', () => {
    const title = new PageTitle(document);
    title.follow(view());
    title.attach('doc2', [first]);
    title.take({ id: 'doc2.title', text: 'Böäts' });
    document.title = 'Inbox (2)';
    title.follow(view({ shown: 'original' }));
    expect(document.title).toBe('Inbox (2)');
  });

  it('a late answer after the original is shown writes nothing', () => {
    const title = new PageTitle(document);
    title.follow(view({ shown: 'bilingual' }));
    title.attach('doc3', [first]);
    title.follow(view({ shown: 'original' }));
    title.take({ id: 'doc3.title', text: 'Böäts' });
    expect(document.title).toBe('Boats & oars');
  });
});

describe('PageTitle: titles the page sets while translated', () => {
  beforeEach(() => {
    document.head.innerHTML = '<title>Boats</title>';
  });

  /** Late titles through a budget of `allowed` sends, on timers the test runs. */
  const lateTitles = (allowed: number) => {
    const sent: PageSegment[] = [];
    const timers: Array<() => void> = [];
    const late = {
      send(segment: PageSegment) {
        if (sent.length >= allowed) return false;
        sent.push(segment);
        return true;
      },
      setTimeout: (run: () => void) => timers.push(run),
      clearTimeout: () => undefined,
    };
    return {
      sent,
      late,
      runTimers: () => {
        for (const run of timers.splice(0)) run();
      },
    };
  };
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  it('sends a new title once, writes its answer, knows a copy of it, and puts the page’s back', async () => {
    const { sent, late, runTimers } = lateTitles(10);
    const title = new PageTitle(document, late);
    title.follow(view());
    title.attach('doc4', [first]);
    title.take({ id: 'doc4.title', text: 'Böäts' });
    expect(document.title).toBe('Böäts');

    // The app navigates: its new title goes once, however often the app writes it.
    document.title = 'Harbour news';
    await settle();
    document.title = 'Harbour news';
    await settle();
    runTimers();
    expect(sent.map((segment) => segment.text)).toEqual(['Harbour news']);
    title.take({ id: sent[0]!.id, text: 'Härböür news' });
    expect(document.title).toBe('Härböür news');
    // The page writes its title again: the translation goes back at once.
    document.title = 'Harbour news';
    await settle();
    expect(document.title).toBe('Härböür news');

    // A snapshot of the translated head put back (Turbo): known, not sent, and its original restored.
    document.title = 'Böäts';
    await settle();
    runTimers();
    expect(sent).toHaveLength(1);
    title.follow(view({ shown: 'original' }));
    expect(document.title).toBe('Boats');
  });

  it('sends nothing the late budget refuses, and nothing while the original is shown', async () => {
    const { sent, late, runTimers } = lateTitles(0);
    const title = new PageTitle(document, late);
    title.follow(view());
    title.attach('doc5', [first]);
    document.title = 'Inbox (1)';
    await settle();
    runTimers();
    expect(sent).toEqual([]);
    expect(document.title).toBe('Inbox (1)');
    title.follow(view({ shown: 'original' }));
    document.title = 'Inbox (2)';
    await settle();
    runTimers();
    expect(sent).toEqual([]);
  });
});

describe('plainOf', () => {
  it('reads character references and drops tags, never running markup', () => {
    expect(plainOf('A &lt;b&gt; &#228; &#xE4; &amp;amp; <img src=x onerror=alert(1)>z')).toBe('A <b> ä ä &amp; z');
  });
});
