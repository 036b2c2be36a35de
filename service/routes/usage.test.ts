import { describe, expect, it } from 'vitest';
import { client } from '../testing/http.ts';
import { serviceForTests } from '../testing/vitest.ts';
import { UNLIMITED } from './usage.ts';

const svc = serviceForTests();

interface Product {
  product_type: string;
  billing_unit: string;
  api_key_unit_count: number;
  account_unit_count: number;
}

describe('GET /v2/usage', () => {
  it('reports key and account counts per product for the current period on the paid tier', async () => {
    const paid = client(svc);
    const paidKey = svc.state.accounts.keys.get(svc.options.paidKey)!;
    const other = svc.state.accounts.addKey('paid', 'Second key');
    svc.state.usage.record(paidKey, 'document_translation', 50_000);
    svc.state.usage.record(other, 'text_translation', 7);
    await paid.json('/v2/translate', { text: ['hello'], target_lang: 'de' });
    await paid.json('/v2/write/correct', { text: ['Hello there.'], target_lang: 'en-US' });

    const period = svc.state.usage.period();
    const reply = await paid.get('/v2/usage');
    expect(reply.status).toBe(200);
    const body = reply.body as Record<string, unknown> & { products: Product[] };
    expect(body).toMatchObject({
      character_count: 50_000 + 7 + 5 + 12,
      character_limit: svc.options.paidCharacterLimit,
      api_key_character_count: 50_000 + 5 + 12,
      api_key_character_limit: UNLIMITED,
      start_time: period.start.toISOString(),
      end_time: period.end.toISOString(),
      speech_to_text_milliseconds_count: 0,
      speech_to_text_milliseconds_limit: UNLIMITED,
    });
    expect(body.products).toEqual([
      { product_type: 'text_translation', billing_unit: 'characters', api_key_unit_count: 5, account_unit_count: 12 },
      {
        product_type: 'document_translation',
        billing_unit: 'characters',
        api_key_unit_count: 50_000,
        account_unit_count: 50_000,
      },
      { product_type: 'text_improvement', billing_unit: 'characters', api_key_unit_count: 12, account_unit_count: 12 },
      { product_type: 'speech_to_text', billing_unit: 'milliseconds', api_key_unit_count: 0, account_unit_count: 0 },
    ]);
  });

  it('shows key limits when set', async () => {
    const key = svc.state.accounts.keys.get(svc.options.paidKey)!;
    key.characterLimit = 1234;
    key.speechToTextMillisecondsLimit = 60_000;
    const body = (await client(svc).get('/v2/usage')).body;
    expect(body).toMatchObject({ api_key_character_limit: 1234, speech_to_text_milliseconds_limit: 60_000 });
  });

  it('counts only the current monthly period', async () => {
    const key = svc.state.accounts.keys.get(svc.options.paidKey)!;
    const realNow = svc.state.now;
    svc.state.now = () => new Date(Date.UTC(2020, 0, 31, 23, 0));
    svc.state.usage.record(key, 'text_translation', 99);
    svc.state.now = () => new Date(Date.UTC(2020, 1, 1, 1, 0));
    svc.state.usage.record(key, 'text_translation', 1);
    try {
      const body = (await client(svc).get('/v2/usage')).body;
      expect(body).toMatchObject({
        character_count: 1,
        start_time: '2020-02-01T00:00:00.000Z',
        end_time: '2020-03-01T00:00:00.000Z',
      });
    } finally {
      svc.state.now = realNow;
    }
  });

  it('reports only character_count and character_limit on the free tier', async () => {
    const free = client(svc, svc.options.freeKey);
    await free.json('/v2/translate', { text: ['abc'], target_lang: 'de' });
    const reply = await free.get('/v2/usage');
    expect(reply.body).toEqual({ character_count: 3, character_limit: svc.options.freeCharacterLimit });
  });

  it('needs a valid key', async () => {
    expect((await fetch(`${svc.url}/v2/usage`)).status).toBe(403);
    expect((await client(svc, 'not-a-key').get('/v2/usage')).status).toBe(403);
  });
});
