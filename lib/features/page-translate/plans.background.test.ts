import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PageSegment } from './messages.ts';
import { NO_PLAN, PagePlans, pagePlansItem, withPlan } from './plans.background.ts';

beforeEach(() => fakeBrowser.reset());

const plan = (target: string) => ({
  html: { target_lang: target, tag_handling: 'html' as const, context: 'A page' },
  attr: { target_lang: target, context: 'A page' },
});

const segments: PageSegment[] = [
  { id: 'doc1.1', text: 'Read <a id="v1">this</a>', group: 'html', priority: 'visible' },
  { id: 'doc1.2', text: 'A picture', group: 'attr', priority: 'background' },
];

describe('PagePlans', () => {
  it("gives the queue each segment with its group's parameters from the document's plan", async () => {
    const plans = new PagePlans();
    await plans.remember(7, 0, 'doc1', plan('DE'));
    expect(withPlan(segments, await plans.find(7, 0, 'doc1'), 7)).toEqual([
      { id: 'doc1.1', text: 'Read <a id="v1">this</a>', params: plan('DE').html, priority: 'visible', tabId: 7 },
      { id: 'doc1.2', text: 'A picture', params: plan('DE').attr, priority: 'background', tabId: 7 },
    ]);
  });

  it('sends a text in another language than the page declared without its source language and glossary', () => {
    const declared = { html: { ...plan('DE').html, source_lang: 'EN', glossary_id: 'g-1' }, attr: plan('DE').attr };
    const foreign: PageSegment = { id: 'doc1.3', text: 'Bonjour à tous', group: 'html-auto', priority: 'visible' };
    expect(withPlan([foreign, segments[0]!], declared, 7).map((s) => s.params)).toEqual([
      plan('DE').html,
      declared.html,
    ]);
  });

  it('refuses segments of a document it prepared no plan for, with an error the page shows', async () => {
    const plans = new PagePlans();
    await plans.remember(7, 0, 'doc1', plan('DE'));
    // Another document, another tab, another frame: none of them is the one prepared.
    for (const [tab, frame, doc] of [
      [7, 0, 'doc2'],
      [8, 0, 'doc1'],
      [7, 3, 'doc1'],
    ] as const) {
      expect(await plans.find(tab, frame, doc)).toBeUndefined();
    }
    expect(() => withPlan(segments, undefined, 7)).toThrow(expect.objectContaining({ code: NO_PLAN.code }));
  });

  it('keeps the plans through a stopped worker (session storage) and drops a closed tab’s', async () => {
    await new PagePlans().remember(7, 0, 'doc1', plan('DE'));
    await new PagePlans().remember(7, 2, 'Fdoc2', plan('FR'));
    const next = new PagePlans();
    await next.remember(9, 0, 'doc3', plan('IT'));
    expect(await next.find(7, 0, 'doc1')).toEqual(plan('DE'));
    expect(await next.find(7, 2, 'Fdoc2')).toEqual(plan('FR'));
    await next.forgetTab(7);
    expect(await next.find(7, 0, 'doc1')).toBeUndefined();
    expect(await next.find(7, 2, 'Fdoc2')).toBeUndefined();
    expect(await new PagePlans().find(9, 0, 'doc3')).toEqual(plan('IT'));
    await next.forget(9, 0, 'doc3');
    expect(await pagePlansItem.getValue()).toEqual([]);
  });

  it('keeps at most its bound of documents, the oldest dropped first', async () => {
    const plans = new PagePlans(3);
    for (const doc of ['a', 'b', 'c']) await plans.remember(1, 0, `doc${doc}`, plan('DE'));
    // Prepared again: the newest.
    await plans.remember(1, 0, 'doca', plan('FR'));
    await plans.remember(1, 0, 'docd', plan('DE'));
    expect(await plans.find(1, 0, 'docb')).toBeUndefined();
    expect(await plans.find(1, 0, 'doca')).toEqual(plan('FR'));
    expect((await pagePlansItem.getValue()).map(([key]) => key)).toEqual(['1:0:docc', '1:0:doca', '1:0:docd']);
  });
});
