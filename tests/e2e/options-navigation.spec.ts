import { expect, test } from './fixtures.ts';

test.describe('options: the sections menu', () => {
  test('Enter and Space open a section and move focus to its heading; Back returns section by section', async ({
    openExtensionPage,
    configure,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html');
    const menu = page.getByRole('navigation', { name: 'Settings sections' });
    await expect(page.getByRole('heading', { name: 'Connection', level: 2 })).toBeVisible();

    // Tab reaches the menu first; Tab on to "Glossaries", then Enter.
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Connection' })).toBeFocused();
    while (!(await menu.getByRole('link', { name: 'Glossaries' }).evaluate((a) => a === document.activeElement)))
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const glossaries = page.getByRole('heading', { name: 'Glossaries', level: 2 });
    await expect(glossaries).toBeFocused();
    await expect(page).toHaveURL(/#glossaries$/);
    await expect(menu.getByRole('link', { name: 'Glossaries' })).toHaveAttribute('aria-current', 'page');
    // The heading takes focus without joining the Tab order.
    await expect(glossaries).toHaveAttribute('tabindex', '-1');

    // Space does the same as Enter (a link alone would scroll the page instead).
    await menu.getByRole('link', { name: 'Languages' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { name: 'Languages', level: 2 })).toBeFocused();
    await expect(page).toHaveURL(/#languages$/);

    // Enter on the open section's own item takes focus to its heading as well.
    await menu.getByRole('link', { name: 'Languages' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Languages', level: 2 })).toBeFocused();
    await expect(page).toHaveURL(/#languages$/);

    // Tab from the heading goes on into the section.
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Resource')).toBeFocused();

    // Back: the previous section, then the first one (the page was opened without a hash).
    await page.goBack();
    await expect(page).toHaveURL(/#glossaries$/);
    await expect(page.getByRole('heading', { name: 'Glossaries', level: 2 })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Languages', level: 2 })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/options\.html$/);
    await expect(page.getByRole('heading', { name: 'Connection', level: 2 })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Connection' })).toHaveAttribute('aria-current', 'page');
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Glossaries', level: 2 })).toBeFocused();
  });
});
