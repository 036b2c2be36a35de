import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import { ReaderOfferModel } from './offer-model.ts';

describe('ReaderOfferModel', () => {
  it('sends the person’s choice and closes', async () => {
    const send = fakeSend({ 'pdf.open': () => ({ ok: true, value: null }) });
    const model = new ReaderOfferModel({ send });
    model.show();
    await model.answer('site');
    expect(send.sent).toEqual([{ type: 'pdf.open', data: { choice: 'site' } }]);
    expect(model.open.value).toBe(false);
  });

  it('stays open with the error when the worker refuses', async () => {
    const send = fakeSend({
      'pdf.open': () => ({ ok: false, error: { name: 'Forbidden', code: 'forbidden', message: 'no' } }),
    });
    const model = new ReaderOfferModel({ send });
    model.show();
    await model.answer('once');
    expect(model.open.value).toBe(true);
    expect(model.error.value?.code).toBe('forbidden');
  });

  it('"Not now" closes without a message', () => {
    const send = fakeSend();
    const model = new ReaderOfferModel({ send });
    model.show();
    model.dismiss();
    expect(model.open.value).toBe(false);
    expect(send.sent).toEqual([]);
  });
});
