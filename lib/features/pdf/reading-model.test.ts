import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import type { PagePlan } from '../page-translate/messages.ts';
import type { PageText, TextRun } from './paragraphs.ts';
import { ReadingModel } from './reading-model.ts';

const run = (str: string, x: number, top: number, size = 10): TextRun => ({
  str,
  x,
  y: 792 - top,
  width: str.length * size * 0.5,
  height: size,
});
/** Page n: a running header, its own paragraph, its page number. */
const pageText = (n: number): PageText => ({
  page: n,
  width: 612,
  height: 792,
  runs: [run('The Running Header', 72, 30, 9), run(`Body of page ${n}.`, 72, 300), run(String(n), 300, 770, 9)],
});
const plan = {
  targetLang: 'de',
  mode: 'replace',
  reading: 'as-you-read',
  html: { target_lang: 'DE' },
  attr: { target_lang: 'DE' },
} as PagePlan;

function setUp(pages = 5) {
  const send = fakeSend({
    'page.prepare': () => ({ ok: true, value: plan }),
    'page.enqueue': (data) => ({ ok: true, value: { accepted: data.segments.length } }),
    'page.leave': () => ({ ok: true, value: null }),
  });
  const model = new ReadingModel({ send, text: async (n) => pageText(n), pages, docId: 'doc1', host: 'example.org' });
  const enqueued = () =>
    send.sent
      .filter((m) => m.type === 'page.enqueue')
      .flatMap((m) => (m.data as { segments: { id: string; text: string }[] }).segments);
  return { send, model, enqueued };
}

describe('ReadingModel', () => {
  it('sends nothing before the person asks, then only the pages on screen', async () => {
    const { model, enqueued, send } = setUp();
    await model.setVisible([2]);
    expect(send.sent).toEqual([]);
    await model.translate();
    expect(enqueued().map((s) => s.text)).toEqual(['The Running Header', 'Body of page 2.']);
    expect(send.sent[0]).toEqual({ type: 'page.prepare', data: { docId: 'doc1', host: 'example.org' } });
  });

  it('sends a running header once for the document, page numbers never', async () => {
    const { model, enqueued } = setUp();
    await model.translate();
    await model.setVisible([1]);
    await model.setVisible([3, 4]);
    const texts = enqueued().map((s) => s.text);
    expect(texts.filter((t) => t === 'The Running Header')).toHaveLength(1);
    expect(texts).toEqual(['The Running Header', 'Body of page 1.', 'Body of page 3.', 'Body of page 4.']);
    expect(texts.some((t) => /^\d+$/.test(t))).toBe(false);
  });

  it('shows answers under each page’s paragraphs, the header on every page, and the original in one action', async () => {
    const { model, enqueued } = setUp();
    await model.translate();
    await model.setVisible([1, 2]);
    model.receive(enqueued().map((s) => ({ id: s.id, text: `[${s.text}]` })));
    expect(model.phase.value).toBe('done');
    const page2 = model.paragraphs.value.get(2) ?? [];
    const shown = page2.map((p) => {
      const id = model.idOf(p);
      return id ? model.translations.value.get(id) : undefined;
    });
    expect(shown).toEqual(['[The Running Header]', '[Body of page 2.]', undefined]);
    await model.toggle();
    expect(model.shown.value).toBe('original');
  });

  it('a failure is shown; the next Translate sends what failed again, as the person’s Try again', async () => {
    const { model, enqueued, send } = setUp();
    await model.translate();
    await model.setVisible([1]);
    model.fail(
      enqueued().map((s) => s.id),
      { name: 'QueueError', code: 'held', message: 'held back' },
    );
    expect(model.phase.value).toBe('error');
    await model.translate();
    const last = send.sent.at(-1);
    expect(last?.type).toBe('page.enqueue');
    expect((last?.data as { resume?: boolean } | undefined)?.resume).toBe(true);
  });

  it('a page with no text is noted and sends nothing', async () => {
    const { model, send } = setUp();
    const empty = new ReadingModel({
      send,
      text: async (n) => ({ page: n, width: 612, height: 792, runs: [] }),
      pages: 1,
      docId: 'doc2',
      host: 'example.org',
    });
    await empty.translate();
    await empty.setVisible([1]);
    await empty.cut(1);
    expect(empty.noText.value.has(1)).toBe(true);
    expect(send.sent.filter((m) => m.type === 'page.enqueue')).toEqual([]);
    model.dispose();
  });
});
