// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { FrameDocs, isFrameDoc, TabActions } from './frames.background.ts';
import { busiest, frameReport, summarise, unreachableName, withFrames } from './frames.ts';
import type { PageView } from './messages.ts';

const view = (over: Partial<PageView> = {}): PageView => ({
  phase: 'done',
  shown: 'translated',
  progress: { total: 10, done: 10, failed: 0 },
  ...over,
});

describe('frames', () => {
  it('names the frames Verso cannot run in, by host or kind', () => {
    const base = 'https://news.example/page';
    expect(unreachableName('/inner.html', base)).toBeUndefined();
    expect(unreachableName('https://other.example/x', base)).toBeUndefined();
    expect(unreachableName('', base)).toBeUndefined();
    expect(unreachableName('about:srcdoc', base)).toBeUndefined();
    expect(unreachableName('data:text/html,<p>x</p>', base)).toBe('data:');
    expect(unreachableName('https://chromewebstore.google.com/detail/x', base)).toBe('chromewebstore.google.com');
    expect(unreachableName('chrome-extension://abc/page.html', base)).toBe('chrome-extension:');
  });

  it('does not name frames with no content of their own: javascript: and about: frames', () => {
    const base = 'https://news.example/page';
    expect(unreachableName('javascript:false', base)).toBeUndefined();
    expect(unreachableName("JavaScript:''", base)).toBeUndefined();
    expect(unreachableName('javascript:void(0)', base)).toBeUndefined();
    expect(unreachableName('about:blank#x', base)).toBeUndefined();
    // A relative address that resolves to javascript: cannot happen; a base that is one is not a page.
    expect(unreachableName('  javascript:document.write("x")', base)).toBeUndefined();
  });

  it('looks into open shadow roots for frames', () => {
    document.body.innerHTML = '<iframe src="data:text/html,x"></iframe><div id="host"></div>';
    document.getElementById('host')!.attachShadow({ mode: 'open' }).innerHTML =
      '<iframe src="blob:https://a.example/1"></iframe>';
    expect(frameReport(document, () => true)).toEqual({ unreachable: ['data:', 'a.example (blob:)'], closed: 0 });
  });

  it('names only the frames a person can see', () => {
    document.body.innerHTML = [
      '<iframe id="seen" src="https://chromewebstore.google.com/detail/x"></iframe>',
      '<iframe id="pixel" src="data:text/html,x"></iframe>',
      '<iframe id="js" src="javascript:false"></iframe>',
    ].join('');
    const asked: string[] = [];
    const seen = (el: Element) => {
      asked.push(el.id);
      return el.id === 'seen';
    };
    expect(frameReport(document, seen)).toEqual({ unreachable: ['chromewebstore.google.com'], closed: 0 });
    // A frame Verso reaches is not measured at all.
    expect(asked).toEqual(['seen', 'pixel']);
  });

  it('sums the frames into one progress, the busiest phase winning', () => {
    const frames = summarise([
      {
        ...view({ phase: 'translating', progress: { total: 5, done: 2, failed: 0 } }),
        report: { unreachable: ['data:'], closed: 1 },
      },
      { ...view({ phase: 'reading', progress: { total: 3, done: 3, failed: 0, waiting: 4 } }) },
    ]);
    expect(frames).toMatchObject({ count: 2, phase: 'translating', progress: { total: 8, done: 5, waiting: 4 } });
    const tab = withFrames(view(), frames, { unreachable: ['x.example'], closed: 0 });
    expect(tab).toMatchObject({
      phase: 'translating',
      progress: { total: 18, done: 15, failed: 0, waiting: 4 },
      frames: { count: 2, unreachable: ['x.example', 'data:'], closed: 1 },
    });
    expect(busiest('done', 'reading')).toBe('reading');
    expect(busiest('error', 'translating')).toBe('error');
    // An idle page shows no frames' progress, but what it could not reach.
    expect(withFrames(view({ phase: 'idle' }), frames, { unreachable: [], closed: 0 }).progress.total).toBe(10);
  });

  it('keeps each frame document apart: its ids, its frame, a navigated frame replacing its old document', () => {
    const docs = new FrameDocs();
    expect(isFrameDoc('Fabc123')).toBe(true);
    expect(isFrameDoc('abc123')).toBe(false);
    docs.begin(1, 'Fa1', 7);
    docs.add(1, ['Fa1.1', 'Fa1.2']);
    docs.remove(1, ['Fa1.1']);
    expect(docs.unknown(1, 'Fa1', ['Fa1.1', 'Fa1.2'])).toEqual(['Fa1.1']);
    expect(docs.frameOf(1, 'Fa1')).toBe(7);
    docs.begin(1, 'Fb2', 7);
    expect(docs.frameOf(1, 'Fa1')).toBeUndefined();
    // Restored work: the document is known before its frame says which it is.
    docs.add(1, ['Fc3.1']);
    expect(docs.frameOf(1, 'Fc3')).toBeUndefined();
    docs.seen(1, 'Fc3', 9);
    expect(docs.frameOf(1, 'Fc3')).toBe(9);
  });

  it('replays what the top page did for a frame that starts late', () => {
    const actions = new TabActions();
    expect(actions.replay(1)).toEqual([]);
    actions.record(1, 'as-you-read');
    actions.record(1, 'read-all');
    actions.record(1, 'original');
    expect(actions.replay(1)).toEqual(['as-you-read', 'read-all', 'original']);
    actions.record(1, 'translate');
    expect(actions.replay(1)).toEqual(['as-you-read', 'read-all']);
  });
});
