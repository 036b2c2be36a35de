// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { describeError } from '../../ui/describe-error.ts';
import { NO_PLAN } from './plans.background.ts';
import type { Slicing } from './segments/index.ts';
import { upper } from './segments/test-translate.ts';
import { harness, PLAN, setUpSessions, tick, wait } from './session-testing.ts';
import { leftLine, statusLine } from './wording.ts';

setUpSessions();

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
    const text = sent.find((s) => s.group === 'html');
    const attr = sent.find((s) => s.group === 'attr');
    expect(text?.text).toBe('Read <a id="v1">the guide</a> now.');
    expect(attr?.text).toBe('Fish & chips');
    // The parameters stay in the worker (its plan for the document): a segment names only its group.
    expect(attr).not.toHaveProperty('params');
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

  it('fails the units, saying why, when the worker has no plan for the document', async () => {
    document.body.innerHTML = '<p>One</p><p>Two</p>';
    const h = harness();
    h.refuseWith({ name: 'Error', ...NO_PLAN });
    await h.session.translate();
    await tick();
    expect(h.segments()).toHaveLength(2);
    const view = h.session.view();
    expect(view).toMatchObject({ error: { code: 'no_plan' }, progress: { total: 2, failed: 2 } });
    expect(view.phase).not.toBe('translating');
    expect(describeError(view.error ?? { name: '', code: '', message: '' })).toBe(NO_PLAN.message);
  });
});
