import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { toGerman } from './helpers/german.ts';
import { indicator, indicatorStatus, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences, stored } from './helpers/settings.ts';

// A person says in Options which parts of a site's pages are never translated and which are the only
// ones translated; the page and its frame of the same site follow, and nothing else is sent.
const URL = `${ORIGIN}/site-parts.html`;
const STORY = 'The rowers left the harbour at dawn.';
const FRAMED = 'A boat report from the same site.';
const body = (story: string, extra = '') => `<nav><a href="/">Home of the club</a></nav>
<main><article><h1>${story}</h1></article>
<section class="comments"><p>Great story, thanks for sharing.</p></section></main>
<aside><p>More stories you might like</p></aside>${extra}`;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Club</title></head><body>
${body(STORY, `<iframe src="${ORIGIN}/site-parts-frame.html" title="Report" width="400" height="200"></iframe>`)}
</body></html>`;
const FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>${body(FRAMED)}</body></html>`;

test.describe('site rules: parts of a page left out or translated alone', () => {
  test('a person sets them in Options with the keyboard; an invalid one is named and nothing is lost', async ({
    configure,
    openExtensionPage,
    background,
    page,
    svc,
  }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page' });
    const options = await openExtensionPage('options.html#site-rules');
    await expect(options.getByRole('heading', { name: 'Site rules', level: 2 })).toBeVisible();
    await options.getByLabel('Site', { exact: true }).click();
    await options.keyboard.type('127.0.0.1');
    await options.keyboard.press('Tab');
    const translate = options.getByLabel('Page translation');
    await expect(translate).toBeFocused();
    // "Offer to translate": the last of never, always, ask.
    await options.keyboard.press('ArrowDown');
    await options.keyboard.press('ArrowDown');
    await expect(translate).toHaveValue('ask');
    await options.getByLabel('Never translate these parts (CSS selectors)').click();
    await options.keyboard.type('.comments');
    await options.keyboard.press('Enter');
    await options.keyboard.type('nav');
    await options.keyboard.press('Tab');
    await options.keyboard.type('main[');
    await options.getByRole('button', { name: 'Add rule' }).click();
    await expect(options.getByRole('alert')).toHaveText(
      'This is not a CSS selector the browser understands: main[. Nothing was saved; correct it and save again.',
    );
    await expect(options.getByLabel('Translate only these parts (CSS selectors)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect((await stored(background, 'siteRules')) ?? []).toEqual([]);
    // What was typed is still there: the person corrects the one mistake.
    await expect(options.getByLabel('Site', { exact: true })).toHaveValue('127.0.0.1');
    await expect(options.getByLabel('Never translate these parts (CSS selectors)')).toHaveValue('.comments\nnav');
    await options.getByLabel('Translate only these parts (CSS selectors)').click();
    await options.keyboard.press('Backspace');
    await options.keyboard.type(' article');
    await options.getByRole('button', { name: 'Add rule' }).click();
    await expect(options.getByRole('status').filter({ hasText: 'Rule for 127.0.0.1 saved.' })).toBeVisible();
    await expect
      .poll(() => stored(background, 'siteRules'))
      .toEqual([
        expect.objectContaining({
          host: '127.0.0.1',
          translate: 'ask',
          excludeSelectors: '.comments, nav',
          includeSelectors: 'main article',
        }),
      ]);
    // The table shows the parts with the rest of the rule, in the rule's row under its own column.
    const table = options.getByRole('table', { name: 'Site rules' });
    const parts = await table.getByRole('columnheader').allTextContents();
    const column = parts.indexOf('Parts translated');
    expect(column).toBeGreaterThan(0);
    const row = table.getByRole('row', { name: /^127\.0\.0\.1/ });
    await expect(row.getByRole('cell').nth(column - 1)).toHaveText('Only: main articleLeaves out: .comments, nav');
    await expect(row.getByText('Only: main article', { exact: true })).toBeVisible();
    await expect(row.getByText('Leaves out: .comments, nav', { exact: true })).toBeVisible();
    expect(await seriousViolations(options, { include: '[aria-labelledby="site-rules-title"]' })).toEqual([]);

    await servePages(page, { '/site-parts.html': PAGE, '/site-parts-frame.html': FRAME });
    await page.goto(URL);
    const frame = page.frameLocator('iframe');
    await expect(frame.locator('h1')).toHaveText(FRAMED);
    const before = await page.evaluate(() => document.body.innerHTML);
    await pressTranslatePage(background, URL);
    await expect(indicatorStatus(page)).toHaveText('Translated into German');
    await expect(page.locator('article h1')).toHaveText(toGerman(STORY));
    // The frame of the same site follows the rule too.
    await expect(frame.locator('article h1')).toHaveText(toGerman(FRAMED));

    const sent = (await sentTexts(svc)).map((s) => s.text);
    for (const left of ['Great story', 'Home of the club', 'More stories']) {
      expect(
        sent.filter((text) => text.includes(left)),
        `${left} was sent`,
      ).toEqual([]);
    }
    await expect(page.locator('.comments p')).toHaveText('Great story, thanks for sharing.');
    await expect(page.locator('aside p')).toHaveText('More stories you might like');
    await expect(frame.locator('.comments p')).toHaveText('Great story, thanks for sharing.');

    await indicator(page).getByRole('button', { name: 'Show original' }).click();
    await expect(indicatorStatus(page)).toHaveText('Showing the original');
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
  });
});
