import type { Page } from '@playwright/test';
import { pseudoTranslate } from '../../service/engine/pseudo.ts';
import { expect, test } from './fixtures.ts';
import { indicator, indicatorStatus, ORIGIN, pressTranslatePage, servePages } from './helpers/pages.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

// A feed of posts in English, German, French, Spanish and Japanese (tests/fixtures/pages/mixed-feed.html),
// the target German: each post is judged on its own, by a lang the page put on it or by the browser's
// own language detector, and what is already German is neither sent nor billed.
const URL = `${ORIGIN}/mixed-feed.html`;
const GERMAN_POSTS = ['de-1', 'de-2', 'de-3'];
const OTHER_POSTS = ['en-1', 'fr-1', 'es-1', 'ja-1', 'fr-2', 'en-2'];

const postText = (page: Page, id: string) => page.locator(`#${id} .text`).innerText();

test.describe('page translation: a feed in several languages', () => {
  for (const mode of ['replace', 'bilingual'] as const) {
    test(`only the posts not already in German are sent (${mode}); the original comes back exactly`, async ({
      configure,
      background,
      page,
      svc,
    }) => {
      await configure();
      await setPreferences(background, { targetLang: 'de', pageReading: 'whole-page', pageMode: mode });
      await servePages(page);
      await page.goto(URL);
      const before = await page.evaluate(() => document.body.innerHTML);
      const originals = Object.fromEntries(
        await Promise.all([...GERMAN_POSTS, ...OTHER_POSTS].map(async (id) => [id, await postText(page, id)] as const)),
      );

      await pressTranslatePage(background, URL);
      await expect(indicatorStatus(page)).toHaveText('Translated into German');
      // Honest counts: the German posts (two found by the detector, one by its lang) were left, nothing failed.
      await expect(indicator(page)).toContainText('3 parts already in German were left as they are.');
      await expect(indicator(page)).not.toContainText('not translated');

      const sent = (await sentTexts(svc)).map((s) => s.text);
      for (const id of GERMAN_POSTS) {
        const german = originals[id]!;
        expect(
          sent.filter((text) => text.includes(german.slice(0, 30))),
          `${id} was sent`,
        ).toEqual([]);
        await expect(page.locator(`#${id} .text`)).toHaveText(german);
        await expect(page.locator(`#${id} .text .verso-bilingual`)).toHaveCount(0);
      }
      // The page says it is English: its English posts go with that source language, the others without
      // it, so the service detects theirs (a French post read as English would come back wrong).
      const sources = new Map(
        (await sentTexts(svc)).map(({ text, request }) => [text, request.body?.source_lang as string | undefined]),
      );
      const sourceOf = (id: string) => [...sources].find(([text]) => text.includes(originals[id]!.slice(0, 20)))?.[1];
      expect(OTHER_POSTS.map((id) => [id, sourceOf(id)])).toEqual([
        ['en-1', 'EN'],
        ['fr-1', undefined],
        ['es-1', undefined],
        ['ja-1', undefined],
        ['fr-2', undefined],
        ['en-2', 'EN'],
      ]);
      for (const id of OTHER_POSTS) {
        const original = originals[id]!;
        expect(
          sent.some((text) => text.includes(original.slice(0, 20))),
          `${id} was not sent`,
        ).toBe(true);
        // The local service's German: its pseudo-translation (docs/local-service.md).
        const german = pseudoTranslate(original, 'de');
        if (mode === 'replace') await expect(page.locator(`#${id} .text`)).toHaveText(german);
        // A line that would read as its original is not shown twice (the service's Japanese stays as it is).
        else if (german !== original) await expect(page.locator(`#${id} .text .verso-bilingual`)).toHaveText(german);
      }

      await indicator(page).getByRole('button', { name: 'Show original' }).click();
      await expect(indicatorStatus(page)).toHaveText('Showing the original');
      expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
    });
  }
});
