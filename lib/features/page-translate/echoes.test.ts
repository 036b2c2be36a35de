// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { splitEchoes } from './echoes.ts';
import type { PagePlan, PageSegment } from './messages.ts';
import { segment } from './segments/index.ts';
import { upper } from './segments/test-translate.ts';
import { PageSession } from './session.ts';

const cut = () => segment(document.body, { targetLang: 'de' }).units;
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('splitEchoes', () => {
  it('finds attributes equal to the text of their element, where that text is translated', () => {
    document.body.innerHTML =
      '<p>Read <a id="a" title=" The  guide ">The guide</a> and <a id="b" title="Other">this</a>.</p>' +
      '<button id="c" title="Remove">Remove</button>' +
      '<div id="d" title="Mixed">Mixed<p>and a block</p></div>' +
      '<p>Run <code id="e" title="x.y()">x.y()</code></p>';
    const { rest, echoes } = splitEchoes(cut());
    const echoed = [...echoes.values()].flat().map((u) => u.element.id);
    expect(echoed.sort()).toEqual(['a', 'c']);
    // A title that says something else, one over more than its run, and one on untranslated code are sent.
    const sentAttrs = rest.filter((u) => u.kind === 'attr').map((u) => (u.kind === 'attr' ? u.element.id : ''));
    expect(sentAttrs.sort()).toEqual(['b', 'd', 'e']);
  });
});

describe('one answer per string of a page', () => {
  const sessions: PageSession[] = [];
  afterEach(() => {
    for (const s of sessions.splice(0)) s.dispose();
  });

  it('a link title equal to its text and a label equal to its button take the translated text, unbilled', async () => {
    document.body.innerHTML =
      '<p id="p">Read <a id="a" href="#x" title="the guide">the guide</a> today.</p>' +
      '<button id="b" title="Remove">Remove</button><img id="i" alt="Remove">';
    const messages: PageSegment[] = [];
    const plan: PagePlan = {
      targetLang: 'de',
      mode: 'replace',
      reading: 'whole-page',
      html: { target_lang: 'de', tag_handling: 'html' },
      attr: { target_lang: 'de' },
    };
    const session = new PageSession({
      doc: document,
      win: window,
      docId: 'doc1',
      prepare: async () => ({ ok: true, value: plan }),
      enqueue: async (segments) => {
        messages.push(...segments);
        return { ok: true, value: { accepted: segments.length } };
      },
      status: async () => ({ ok: true, value: { unknown: [] } }),
      onView: () => {},
      repeat: () => () => {},
      slicing: { yieldNow: () => Promise.resolve() },
      passSlicing: { yieldNow: () => Promise.resolve() },
      createObserver: () => ({ observe() {}, unobserve() {}, disconnect() {} }),
    });
    sessions.push(session);
    await session.translate();
    // The paragraph and "Remove" once: the button's label, its title and the image's alt share it.
    expect(messages.map((s) => s.text)).toEqual(['Read <a id="v1">the guide</a> today.', 'Remove']);
    session.receive(messages.map((s) => ({ id: s.id, text: upper(s.text) })));
    for (let i = 0; i < 4; i++) await tick();
    expect(document.getElementById('a')?.getAttribute('title')).toBe('THE GUIDE');
    expect(document.getElementById('b')?.textContent).toBe('REMOVE');
    expect(document.getElementById('b')?.getAttribute('title')).toBe('REMOVE');
    expect(document.getElementById('i')?.getAttribute('alt')).toBe('REMOVE');
    await session.showOriginal();
    for (let i = 0; i < 4; i++) await tick();
    expect(document.getElementById('a')?.getAttribute('title')).toBe('the guide');
  });
});

describe('a contents entry and its heading', () => {
  it('are one string: the entry is sent as its text, and its answer goes back inside the link', async () => {
    document.body.innerHTML =
      '<ol><li id="toc"><a href="#s1">All about boats</a></li></ol><h2 id="s1">All about boats</h2>';
    const messages: PageSegment[] = [];
    const session = new PageSession({
      doc: document,
      win: window,
      docId: 'doc2',
      prepare: async () => ({
        ok: true,
        value: {
          targetLang: 'de',
          mode: 'replace',
          reading: 'whole-page',
          html: { target_lang: 'de', tag_handling: 'html' },
          attr: { target_lang: 'de' },
        },
      }),
      enqueue: async (segments) => {
        messages.push(...segments);
        return { ok: true, value: { accepted: segments.length } };
      },
      status: async () => ({ ok: true, value: { unknown: [] } }),
      onView: () => {},
      repeat: () => () => {},
      slicing: { yieldNow: () => Promise.resolve() },
      passSlicing: { yieldNow: () => Promise.resolve() },
      createObserver: () => ({ observe() {}, unobserve() {}, disconnect() {} }),
    });
    await session.translate();
    expect(messages.map((s) => s.text)).toEqual(['All about boats']);
    session.receive(messages.map((s) => ({ id: s.id, text: upper(s.text) })));
    for (let i = 0; i < 4; i++) await tick();
    expect(document.getElementById('toc')?.innerHTML).toBe('<a href="#s1">ALL ABOUT BOATS</a>');
    expect(document.getElementById('s1')?.textContent).toBe('ALL ABOUT BOATS');
    session.dispose();
  });
});
