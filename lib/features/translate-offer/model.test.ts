import { describe, expect, it } from 'vitest';
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
