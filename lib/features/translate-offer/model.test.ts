import { describe, expect, it } from 'vitest';
import type { Result } from '../../messaging/result.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { OfferModel } from './model.ts';

const offer = { lang: 'de', targetLang: 'en-US', site: true };

describe('OfferModel', () => {
  it('sends the person’s answer with the page language, and the bar goes', async () => {
    const send = fakeSend({ 'offer.answer': () => ({ ok: true, value: null }) });
    const model = new OfferModel({ send });
    model.show(offer);
    await model.answer('always');
    expect(send.sent).toEqual([{ type: 'offer.answer', data: { choice: 'always', lang: 'de' } }]);
    expect(model.offer.value).toBeUndefined();
    // Answered: a second click sends nothing.
    await model.answer('translate');
    expect(send.sent).toHaveLength(1);
  });

  it('"Translate" keeps the bar, inert, until the page shows its translation: the page moves once', async () => {
    const send = fakeSend({ 'offer.answer': () => ({ ok: true, value: null }) });
    let shown!: () => void;
    const model = new OfferModel({ send, untilTranslated: () => new Promise<void>((resolve) => (shown = resolve)) });
    model.show(offer);
    const answered = model.answer('translate');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(send.sent).toHaveLength(1);
    expect(model.offer.value).toEqual(offer);
    expect(model.busy.value).toBe(true);
    shown();
    await answered;
    expect(model.offer.value).toBeUndefined();
    expect(model.busy.value).toBe(false);
  });

  it('"Never for this site" and a refused answer take the bar away at once', async () => {
    for (const [choice, reply] of [
      ['never-site', { ok: true, value: null }],
      ['translate', { ok: false, error: { name: 'Error', code: 'network', message: 'Offline' } }],
    ] as const) {
      const send = fakeSend({ 'offer.answer': () => ({ ...reply }) as Result<null> });
      const model = new OfferModel({ send, untilTranslated: () => new Promise<void>(() => {}) });
      model.show(offer);
      await model.answer(choice);
      expect(model.offer.value).toBeUndefined();
    }
  });

  it('closed, it sends nothing; disposed, it shows nothing', () => {
    const send = fakeSend();
    const model = new OfferModel({ send });
    model.show(offer);
    model.dismiss();
    expect(model.offer.value).toBeUndefined();
    model.dispose();
    model.show(offer);
    expect(model.offer.value).toBeUndefined();
    expect(send.sent).toEqual([]);
  });
});
