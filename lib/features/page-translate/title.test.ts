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

describe('plainOf', () => {
  it('reads character references and drops tags, never running markup', () => {
    expect(plainOf('A &lt;b&gt; &#228; &#xE4; &amp;amp; <img src=x onerror=alert(1)>z')).toBe('A <b> ä ä &amp; z');
  });
});
