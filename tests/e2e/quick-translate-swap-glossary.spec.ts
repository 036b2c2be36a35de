import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { defaultGlossary } from './helpers/glossaries.ts';

test.describe('popup: quick translate names and swaps', () => {
  test('the glossary used is named, never shown by its id, also with a detected source', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const id = await defaultGlossary(svc, openExtensionPage);
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByLabel('Source language')).toHaveValue('');
    await popup.getByLabel('Target language').selectOption('de');
    // The picker lists nothing while the source is detected; the pair's default still applies.
    await expect(popup.getByLabel('Glossary')).toBeDisabled();
    await popup.getByLabel('Text to translate').fill('Take the oars, please.');
    // The glossaries' list is held: the popup cannot know the name yet.
    await svc.addFaults([{ path: '/v3/glossaries', method: 'GET', hold: true }]);
    await popup.getByRole('button', { name: 'Translate', exact: true }).click();
    const result = popup.getByRole('region', { name: 'Translation' });
    await expect(result).toContainText('Ruder');
    await expect(result).toContainText('Translated with a glossary');
    await expect(result).not.toContainText(id);
    await expect.poll(() => svc.held()).toBe(1);
    await svc.release();
    await expect(result).toContainText('Glossary: Rowing terms');
    await expect(result).not.toContainText(id);
    // Detected first, then sent again with the detected source and the pair's glossary.
    const sent = (await svc.requests('/v2/translate')).map((r) => r.body);
    expect(sent.at(-1)).toMatchObject({ glossary_id: id, source_lang: 'en' });
  });

  test('swap keeps the target variant and translates the swapped text at once', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    const popup = await openExtensionPage('popup.html');
    const source = popup.getByLabel('Source language');
    const target = popup.getByLabel('Target language');
    const swap = popup.getByRole('button', { name: 'Swap languages' });
    await source.selectOption('de');
    await target.selectOption('en-US');
    // Languages alone: swapped and back, American English stays American.
    await swap.click();
    await expect(source).toHaveValue('en');
    await expect(target).toHaveValue('de');
    await swap.click();
    await expect(source).toHaveValue('de');
    await expect(target).toHaveValue('en-US');
    expect(await svc.requests('/v2/translate')).toEqual([]);

    await source.selectOption('en');
    await target.selectOption('de');
    await popup.getByLabel('Text to translate').fill('Good morning');
    await popup.keyboard.press('Control+Enter');
    const result = popup.getByRole('region', { name: 'Translation' });
    await expect(result.locator('.output')).toHaveText(toGerman('Good morning'));

    // The translation becomes the text, and is translated back with the swapped pair without another click.
    await swap.click();
    await expect(source).toHaveValue('de');
    await expect(target).toHaveValue(/^en-(US|GB)$/);
    await expect(popup.getByLabel('Text to translate')).toHaveValue(toGerman('Good morning'));
    await expect(result.locator('.output')).toBeVisible();
    await expect(result).toContainText('From German');
    const requests = await svc.requests('/v2/translate');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body).toMatchObject({ source_lang: 'de', text: [toGerman('Good morning')] });
    expect(requests[1]!.body?.target_lang).toMatch(/^en-(US|GB)$/i);
  });
});
