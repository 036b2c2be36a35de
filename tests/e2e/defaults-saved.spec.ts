import { expect, test } from './fixtures.ts';

test.describe('defaults: saved at once', () => {
  test('"Saved." is laid over the page: the fields below do not move', async ({ configure, openExtensionPage }) => {
    await configure();
    const page = await openExtensionPage('options.html#defaults');
    const below = page.getByLabel('Key that translates the paragraph under the pointer');
    await expect(below).toBeVisible();
    const before = (await below.boundingBox())!.y;
    await page.getByLabel('Show a translate button next to selected text').uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    expect((await below.boundingBox())!.y).toBe(before);
  });
});
