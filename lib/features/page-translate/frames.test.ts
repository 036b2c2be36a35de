// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { FrameDocs, isFrameDoc, TabActions } from './frames.background.ts';
import { busiest, frameReport, frameViewOf, summarise, unreachableName, withFrames } from './frames.ts';
import { FrameView, type PageView } from './messages.ts';
import { sameLine } from './wording.ts';

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

  it("adds the frames' blocks already in the target's language to the top page's", () => {
    const none = { unreachable: [], closed: 0 };
    const docs = new FrameDocs();
    // Each frame's view goes to the worker as it reports it (checked like the message), and is summed there.
    const report = (docId: string, frameId: number, progress: PageView['progress']) => {
      docs.begin(1, docId, frameId);
      docs.setView(1, docId, FrameView.parse(frameViewOf(view({ progress }), none)));
    };
    report('Fa1', 3, { total: 4, done: 4, failed: 0, same: 2 });
    report('Fb2', 4, { total: 1, done: 1, failed: 0, same: 5 });
    report('Fc3', 5, { total: 2, done: 2, failed: 0 });
    const frames = docs.summary(1);
    expect(frames?.progress).toEqual({ total: 7, done: 7, failed: 0, same: 7 });
    const top = (same?: number) =>
      withFrames(
        view({ targetLang: 'de', progress: { total: 10, done: 10, failed: 0, ...(same ? { same } : {}) } }),
        frames,
        none,
      );
    expect(top(3).progress).toEqual({ total: 17, done: 17, failed: 0, same: 10 });
    expect(sameLine(top(3), 'en')).toBe('10 parts already in German were left as they are.');
    // The top page has none of its own: the frames' still count.
    expect(top().progress.same).toBe(7);
    // Frames with none add nothing, and the count is left out as before.
    const plain = new FrameDocs();
    plain.begin(1, 'Fd4', 6);
    plain.setView(1, 'Fd4', frameViewOf(view(), none));
    expect(withFrames(view(), plain.summary(1), none).progress).toEqual({ total: 20, done: 20, failed: 0 });
    // A negative or fractional count is not a count: the message is refused.
    expect(
      FrameView.safeParse({ ...frameViewOf(view(), none), progress: { total: 1, done: 1, failed: 0, same: -1 } })
        .success,
    ).toBe(false);
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
