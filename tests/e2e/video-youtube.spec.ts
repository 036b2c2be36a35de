import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { AUTO_VIDEO, autoSentence, MANUAL_VIDEO, manualLine, timedtext, watchPage } from '../fixtures/youtube/watch.ts';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';
import { VERSO_TRACK } from './helpers/video.ts';

// YouTube's watch page as its public descriptions have it (tests/fixtures/youtube/watch.ts), served at
// YouTube's own address: manual captions, automatic ones in word fragments, and a move to another video
// without a reload.

const YT = 'https://www.youtube.com';
const CLIP = readFileSync(path.resolve(import.meta.dirname, '../fixtures/video/clip.webm'));

async function serveYouTube(page: Page) {
  const watched: string[] = [];
  await page.route(`${YT}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/watch') {
      const v = url.searchParams.get('v') ?? '';
      watched.push(v);
      const next = v === MANUAL_VIDEO ? AUTO_VIDEO : MANUAL_VIDEO;
      return route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: watchPage(v, `${YT}/media/clip.webm`, next),
      });
    }
    if (url.pathname === '/api/timedtext') {
      const body = timedtext(url);
      return body ? route.fulfill({ contentType: 'application/json', body }) : route.fulfill({ status: 404, body: '' });
    }
    if (url.pathname === '/media/clip.webm') return route.fulfill({ contentType: 'video/webm', body: CLIP });
    return route.fulfill({ status: 404, body: '' });
  });
  return watched;
}

/** What Verso's track shows now, and the time; undefined while it is not showing. */
const shownNow = (page: Page) =>
  page.evaluate((label) => {
    const video = document.querySelector('video') as HTMLVideoElement;
    const own = Array.from(video.textTracks).find((t) => t.label === label);
    const cue = own?.activeCues?.[0] as VTTCue | undefined;
    return {
      time: video.currentTime,
      shown: own?.mode === 'showing' ? (cue?.text ?? '') : undefined,
      paused: video.paused,
    };
  }, VERSO_TRACK);

const shows = (page: Page, text: (time: number) => string) =>
  expect
    .poll(async () => {
      const now = await shownNow(page);
      return now.shown === text(now.time) ? 'yes' : now.shown;
    })
    .toBe('yes');

const both = (original: string) => `${original}\n${toGerman(original)}`;

test.describe('video: YouTube’s player (a fixture of its watch page and caption formats)', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
  });

  test('manual captions, then automatic ones joined into sentences after a move to another video, and nothing during an ad', async ({
    page,
    svc,
    openExtensionPage,
  }) => {
    const watched = await serveYouTube(page);
    await page.goto(`${YT}/watch?v=${MANUAL_VIDEO}`);
    await page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).play());
    const popup = await openExtensionPage('popup.html');
    await popup.getByRole('button', { name: 'Translated subtitles' }).click();
    await page.bringToFront();

    // The track written by people, not the automatic one; its lines translated under the originals.
    await shows(page, (time) => both(manualLine(Math.floor(time / 1.5) + 1)));
    // Read from the page's own player response: the watch page was not asked again.
    expect(watched).toEqual([MANUAL_VIDEO]);

    // An advertisement: Verso's subtitles step aside (its time is not the video's), and come back after.
    await page.locator('#ad').click();
    await expect.poll(async () => (await shownNow(page)).shown).toBeUndefined();
    await page.locator('#ad').click();
    await shows(page, (time) => both(manualLine(Math.floor(time / 1.5) + 1)));

    // The next video without a reload: its automatic captions, as whole sentences.
    await page.locator('#next').click();
    await expect.poll(() => page.evaluate(() => location.search)).toBe(`?v=${AUTO_VIDEO}`);
    await shows(page, (time) => both(autoSentence(Math.floor(time / 2.5) + 1)));
    expect(watched).toEqual([MANUAL_VIDEO, AUTO_VIDEO]);
    const sent = (await sentTexts(svc)).map((s) => s.text);
    expect(sent).toContain(autoSentence(1));
    // Sentences, never the fragments they came in.
    for (const text of sent)
      expect(text).toMatch(/^(Lesson line \d+: keep the oar flat\.|Sentence \d+ tells the crew to row\.)$/);
  });
});
