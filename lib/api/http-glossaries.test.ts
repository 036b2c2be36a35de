import { describe, expect, it } from 'vitest';
import { testService } from './testing.ts';

const t = testService();

const enDe = { source_lang: 'en', target_lang: 'de' };

describe('glossaries over HTTP', () => {
  it('creates, lists, reads, changes and deletes a glossary', async () => {
    const client = t.paid();
    const created = await client.createGlossary({
      name: 'Product terms',
      dictionaries: [
        { ...enDe, entries: 'cart\tWarenkorb\ncheckout\tKasse', entries_format: 'tsv' },
        { source_lang: 'en', target_lang: 'fr', entries: '"cart, shopping",panier', entries_format: 'csv' },
      ],
    });
    expect(created).toMatchObject({ name: 'Product terms', ready: true });
    expect(created.glossary_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      created.dictionaries.map((d) => [d.source_lang.toLowerCase(), d.target_lang.toLowerCase(), d.entry_count]),
    ).toEqual([
      ['en', 'de', 2],
      ['en', 'fr', 1],
    ]);

    expect((await client.listGlossaries()).map((g) => g.glossary_id)).toEqual([created.glossary_id]);
    expect((await client.getGlossary(created.glossary_id)).name).toBe('Product terms');

    const entries = await client.getGlossaryEntries(created.glossary_id, enDe);
    expect(entries.entries_format).toBe('tsv');
    expect(entries.entries.split('\n').filter(Boolean).sort()).toEqual(['cart\tWarenkorb', 'checkout\tKasse']);

    // PUT replaces the whole dictionary.
    const replaced = await client.replaceDictionary(created.glossary_id, { ...enDe, entries: 'order\tBestellung' });
    expect(replaced).toMatchObject({ entry_count: 1 });
    expect((await client.getGlossaryEntries(created.glossary_id, enDe)).entries.trim()).toBe('order\tBestellung');

    // PATCH merges entries and may rename in the same call.
    const patched = await client.patchGlossary(created.glossary_id, {
      name: 'Shop terms',
      dictionaries: [{ ...enDe, entries: 'invoice\tRechnung' }],
    });
    expect(patched.name).toBe('Shop terms');
    expect(patched.dictionaries.find((d) => d.target_lang.toLowerCase() === 'de')?.entry_count).toBe(2);

    await client.deleteDictionary(created.glossary_id, { source_lang: 'en', target_lang: 'fr' });
    expect((await client.getGlossary(created.glossary_id)).dictionaries).toHaveLength(1);

    await client.deleteGlossary(created.glossary_id);
    await expect(client.getGlossary(created.glossary_id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    expect(await client.listGlossaries()).toEqual([]);
  });

  it('uses a glossary in translation', async () => {
    const client = t.paid();
    const g = await client.createGlossary({ name: 'g', dictionaries: [{ ...enDe, entries: 'Verso\tVERSO-DE' }] });
    const [r] = await client.translate({ text: ['Hello Verso'], ...enDe, glossary_id: g.glossary_id });
    expect(r?.text).toContain('VERSO-DE');
  });

  it("refuses entries that break the content rules with the service's message", async () => {
    const e = await t
      .paid()
      .createGlossary({ name: 'bad', dictionaries: [{ ...enDe, entries: 'a\tb\na\tc' }] })
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'bad_request', status: 400 });
    expect((e as Error).message.length).toBeGreaterThan(0);
  });

  it('gives 404 for entries of a pair the glossary lacks', async () => {
    const client = t.paid();
    const g = await client.createGlossary({ name: 'g', dictionaries: [{ ...enDe, entries: 'a\tb' }] });
    await expect(
      client.getGlossaryEntries(g.glossary_id, { source_lang: 'de', target_lang: 'en' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a glossary without source_lang locally', async () => {
    await expect(t.paid().translate({ text: ['x'], target_lang: 'de', glossary_id: 'g' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(await t.control.requests('/v2/translate')).toEqual([]);
  });
});
