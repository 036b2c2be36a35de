import { describe, expect, it } from 'vitest';
import { testService } from './testing.ts';

const t = testService();

describe('style rule lists over HTTP', () => {
  it('lists the seeded lists', async () => {
    const lists = await t.paid().listStyleRules();
    expect(lists.map((l) => [l.name, l.language])).toEqual(
      expect.arrayContaining([
        ['House style', 'en'],
        ['Hausstil', 'de'],
      ]),
    );
  });

  it('creates, reads, patches, reconfigures and deletes a list', async () => {
    const client = t.paid();
    const created = await client.createStyleRule({
      name: 'Marketing',
      language: 'de',
      configured_rules: { style_and_tone: { formality: 'use_informal_address' } },
      custom_instructions: [{ label: 'Brand', prompt: 'Keep the brand name in English.' }],
    });
    expect(created).toMatchObject({ name: 'Marketing', language: 'de', version: 1 });
    expect(created.custom_instructions).toHaveLength(1);

    expect((await client.getStyleRule(created.style_id)).name).toBe('Marketing');
    const renamed = await client.patchStyleRule(created.style_id, { name: 'Marketing DE' });
    expect(renamed.name).toBe('Marketing DE');
    expect(renamed.version).toBeGreaterThan(1);

    const rules = { punctuation: { quotation_marks: 'use_guillemets' } };
    const reconfigured = await client.replaceConfiguredRules(created.style_id, rules);
    expect(reconfigured.configured_rules).toEqual(rules);

    await client.deleteStyleRule(created.style_id);
    await expect(client.getStyleRule(created.style_id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('manages custom instructions of a list', async () => {
    const client = t.paid();
    const [list] = (await client.listStyleRules()).filter((l) => l.name === 'Hausstil');
    const styleId = list?.style_id ?? '';
    const created = await client.createCustomInstruction(styleId, {
      label: 'Dates',
      prompt: 'Write dates as 1. März.',
    });
    expect(created).toMatchObject({ label: 'Dates', prompt: 'Write dates as 1. März.' });
    expect(await client.getCustomInstruction(styleId, created.id)).toEqual(created);

    const updated = await client.updateCustomInstruction(styleId, created.id, {
      label: 'Dates',
      prompt: 'Write dates as 01.03.',
      source_language: 'en',
    });
    expect(updated).toMatchObject({ id: created.id, prompt: 'Write dates as 01.03.' });

    await client.deleteCustomInstruction(styleId, created.id);
    await expect(client.getCustomInstruction(styleId, created.id)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('translates with a style rule list and refuses it with latency_optimized locally', async () => {
    const client = t.paid();
    const [house] = (await client.listStyleRules()).filter((l) => l.language === 'en');
    const styleId = house?.style_id ?? '';
    const [r] = await client.translate({
      text: ['Guten Tag'],
      source_lang: 'de',
      target_lang: 'en-GB',
      style_id: styleId,
    });
    expect(r?.text).toBeTypeOf('string');
    await expect(
      client.translate({ text: ['x'], target_lang: 'en-GB', style_id: styleId, model_type: 'latency_optimized' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it("reports the service's message for an invalid list", async () => {
    await expect(t.paid().createStyleRule({ name: 'x', language: 'xx' })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('xx'),
    });
  });
});
