import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { badgeOf, clickTranslatePage, indicator, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

const ARTICLE = `${ORIGIN}/article.html`;

test.describe('translate page', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await servePages(page);
  });

  test('the shortcut translates the page in place: markup kept, links still work, original comes back exactly', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(ARTICLE);
    const before = await page.evaluate(() => document.body.innerHTML);
    const countElements = () => page.evaluate(() => document.body.querySelectorAll('*').length);
    const elementsBefore = await countElements();
    await pressTranslatePage(background, ARTICLE);

    await expect(page.locator('#intro')).toHaveText(
      toGerman('Rowing is a good outdoor sport for all ages. Read our guide before you go out.'),
    );
    // Nested formatting stays where it was, around the translated words.
    await expect(page.locator('#intro b i')).toHaveText('öütdöör');
    await expect(page.locator('#intro a#guide')).toHaveText('öür güide');
    await expect(page.locator('#code code')).toHaveText('rowboat.launch()');
    await expect(page.locator('#code span.x strong u')).toHaveText('ön');
    await expect(page.locator('#table td').nth(2)).toHaveText(toGerman('Coxed four'));
    await expect(page.locator('#table td i')).toHaveText('föür');
    await expect(page.locator('#list li').first()).toHaveText(toGerman('Bring a warm coat'));
    await expect(page.locator('#section-end')).toHaveText('Club code XJ-42 stays as it is.');
    // Attributes as plain text.
    await expect(page.locator('#photo')).toHaveAttribute('alt', toGerman('A boat on calm water'));
    await expect(page.locator('#search')).toHaveAttribute('placeholder', toGerman('Search the club boats'));
    // A tooltip when it is about to show: the person points at the link.
    await page.locator('#guide').hover();
    await expect(page.locator('#guide')).toHaveAttribute('title', toGerman('Open the guide'));
    expect(await countElements()).toBe(elementsBefore);

    // The page's own listener still fires on the translated link.
    await page.locator('#guide').click();
    expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(1);

    // What was sent: markup with ids only, the title and description as context, the declared source.
    const sent = await sentTexts(svc);
    const intro = sent.find((s) => s.text.startsWith('Rowing is'));
    expect(intro?.text).toBe(
      'Rowing is a <b id="v1">good <i id="v2">outdoor</i> sport</b> for <em id="v3">all</em> ages. Read <a id="v4">our guide</a> before you go out.',
    );
    expect(intro?.request.body).toMatchObject({
      tag_handling: 'html',
      source_lang: 'EN',
      target_lang: 'DE',
      context: 'Rowing on the river\nA short guide to rowing for beginners',
      show_billed_characters: true,
    });
    const alt = sent.find((s) => s.text === 'A boat on calm water');
    expect(alt?.request.body?.tag_handling).toBeUndefined();
    expect(sent.some((s) => s.text.includes('XJ-42'))).toBe(false);

    // Back to the original and forth again, without a new request.
    const requests = (await svc.requests('/v2/translate')).length;
    await pressTranslatePage(background, ARTICLE);
    await expect(page.locator('#intro')).toHaveText(
      'Rowing is a good outdoor sport for all ages. Read our guide before you go out.',
    );
    await expect.poll(() => page.evaluate(() => document.body.innerHTML)).toBe(before);
    await pressTranslatePage(background, ARTICLE);
    await expect(page.locator('#intro b i')).toHaveText('öütdöör');
    await indicator(page).getByRole('button', { name: 'Show original' }).click();
    await expect.poll(() => page.evaluate(() => document.body.innerHTML)).toBe(before);
    expect((await svc.requests('/v2/translate')).length).toBe(requests);
  });

  test('the menu item starts it; the indicator shows progress and can be closed; the badge clears when done', async ({
    page,
    background,
  }) => {
    await page.goto(ARTICLE);
    await clickTranslatePage(background, ARTICLE);
    const card = indicator(page);
    await expect(card.getByRole('status')).toHaveText('Translated into German');
    await expect(page.locator('#title')).toHaveText(toGerman('Rowing on the river'));
    await expect.poll(() => badgeOf(background, ARTICLE)).toBe('');
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(card).toBeHidden();
    // Still translated.
    await expect(page.locator('#title')).toHaveText(toGerman('Rowing on the river'));
  });
});
