import { describe, expect, it } from 'vitest';
import { SEEDED_MEMORY_IDS } from '../stores/translation-memories.ts';
import { client } from '../testing/http.ts';
import { serviceForTests } from '../testing/vitest.ts';

const svc = serviceForTests();
const call = client(svc).call;

describe('GET /v3/translation_memories', () => {
  it('lists the paid account’s seeded memories', async () => {
    const res = await call('GET', '/v3/translation_memories');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      translation_memories: [
        {
          translation_memory_id: SEEDED_MEMORY_IDS.productUi,
          name: 'Product UI',
          source_language: 'en',
          target_languages: ['de'],
          segment_count: expect.any(Number),
        },
        {
          translation_memory_id: SEEDED_MEMORY_IDS.supportMacros,
          name: 'Support macros',
          source_language: 'en',
          target_languages: ['fr', 'es'],
          segment_count: expect.any(Number),
        },
      ],
    });
  });

  it('gives the free account none, and needs a key', async () => {
    expect((await call('GET', '/v3/translation_memories', { key: svc.options.freeKey })).body).toEqual({
      translation_memories: [],
    });
    expect((await call('GET', '/v3/translation_memories', { key: '' })).status).toBe(403);
  });
});

describe('state.memories.find', () => {
  it('finds the account’s memory and throws 404 for other ids or accounts', () => {
    expect(svc.state.memories.find('paid', SEEDED_MEMORY_IDS.supportMacros)).toEqual({
      translation_memory_id: SEEDED_MEMORY_IDS.supportMacros,
      source_language: 'en',
      target_languages: ['fr', 'es'],
    });
    expect(() => svc.state.memories.find('paid', 'nope')).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => svc.state.memories.find('free', SEEDED_MEMORY_IDS.productUi)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});
