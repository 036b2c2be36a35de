import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { toGerman } from './helpers/german.ts';
import { ORIGIN } from './helpers/pages.ts';
import { offerIn } from './helpers/selection.ts';
import { sentTexts } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';
import { cueText, pressCommand, serveVideo, VERSO_TRACK, videoPage, videoState } from './helpers/video.ts';

const URL = `${ORIGIN}/lesson.html`;
const COMMAND = 'toggle-video-subtitles';
const both = (n: number) => `${cueText(n)}\n${toGerman(cueText(n))}`;

const play = (page: Page) => page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).play());
const seek = (page: Page, time: number) =>
  page.evaluate((t) => {
    (document.getElementById('v') as HTMLVideoElement).currentTime = t;
  }, time);
/** The cue (1-based) playing now. */
const cueNow = async (page: Page) => Math.floor((await videoState(page)).time / 1.5) + 1;

/** Whether Verso's track shows, for the cue playing now, `text(n)` (n: the cue's number). */
const showsCue = (page: Page, text: (n: number) => string) =>
  expect
    .poll(async () => {
      const state = await videoState(page);
      return state.shown === text(Math.floor(state.time / 1.5) + 1) ? 'yes' : state.shown;
    })
    .toBe('yes');

/** Every text Verso's track shows, with the time it showed, from now on (recorded in the page). */
async function recordShown(page: Page) {
  await page.evaluate((label) => {
    const video = document.getElementById('v') as HTMLVideoElement;
    const shown: Array<{ time: number; text: string }> = [];
    (window as unknown as { shown: typeof shown }).shown = shown;
    const watch = (track: TextTrack) => {
      if (track.label !== label) return;
      track.addEventListener('cuechange', () => {
        const cue = track.activeCues?.[0] as VTTCue | undefined;
        if (cue && track.mode === 'showing') shown.push({ time: video.currentTime, text: cue.text });
      });
    };
    for (const track of Array.from(video.textTracks)) watch(track);
    video.textTracks.addEventListener('addtrack', (e) => watch((e as TrackEvent).track as TextTrack));
  }, VERSO_TRACK);
  return () => page.evaluate(() => (window as unknown as { shown: Array<{ time: number; text: string }> }).shown);
}

test.describe('video: translated subtitles on an HTML5 video with a WebVTT track', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    // The page is in the target's language (no translate offer brings Verso's features); its video is not.
    await serveVideo(page, { '/lesson.html': videoPage({ lang: 'de' }) });
  });

  test('nothing loads or is sent until asked; the shortcut shows each cue with its translation ahead of the playhead, through a seek, 2x and fullscreen, and off again', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(URL);
    await play(page);
    await expect.poll(async () => (await videoState(page)).time).toBeGreaterThan(1);
    // A page playing a video, no choice made: no control, no track of Verso's, nothing sent.
    await expect(page.locator('verso-video')).toHaveCount(0);
    expect((await videoState(page)).tracks).toEqual(['English:showing']);
    expect(await sentTexts(svc)).toEqual([]);

    const shown = await recordShown(page);
    await pressCommand(background, URL, COMMAND);
    await showsCue(page, both);
    // The page's track is hidden (its cues still load), Verso's shows, in the page's ::cue style.
    expect((await videoState(page)).tracks).toEqual(['English:hidden', `${VERSO_TRACK}:showing`]);

    // Only cues near the playhead were sent, each once, with its neighbours as unbilled context.
    const sent = (await sentTexts(svc)).map((s) => s.text);
    expect(sent).toContain(cueText(3));
    expect(sent).not.toContain(cueText(20));
    expect(new Set(sent).size).toBe(sent.length);
    const [first] = await svc.requests('/v2/translate');
    expect(String(first?.body?.source_lang).toLowerCase()).toBe('en');

    // A seek far ahead, then twice the speed: the cues there come translated.
    await seek(page, 27.1);
    await showsCue(page, both);
    await page.evaluate(() => {
      (document.getElementById('v') as HTMLVideoElement).playbackRate = 2;
    });
    await expect.poll(async () => (await videoState(page)).time).toBeGreaterThan(29);
    // Never sent: a cue between the first window (20 s ahead) and the seek, never near the playhead.
    expect((await sentTexts(svc)).map((s) => s.text)).not.toContain(cueText(17));
    // After the first seconds, and after the seek had its answer, every cue showed translated.
    const records = await shown();
    const late = records.filter((r) => r.time > 27.5);
    expect(late.length).toBeGreaterThan(0);
    for (const r of late) expect(r.text).toContain('\n');

    // Fullscreen (the person's click on the page's button): Verso's track is the one the browser shows there.
    await seek(page, 3.2);
    await page.locator('#fs').click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.id)).toBe('v');
    await showsCue(page, both);
    await page.evaluate(() => document.exitFullscreen());

    // Off: Verso's track goes, the page's comes back as it was.
    await pressCommand(background, URL, COMMAND);
    await expect
      .poll(async () => (await videoState(page)).tracks)
      .toEqual(['English:showing', `${VERSO_TRACK}:disabled`]);
  });

  test('the control over the player: keyboard-reachable, with the original or alone, keys step between cues, and the site remembers', async ({
    page,
    background,
  }) => {
    await page.goto(URL);
    await pressCommand(background, URL, COMMAND);
    const control = page.locator('verso-video').getByRole('group', { name: 'Verso subtitles' });
    const toggle = control.getByRole('button', { name: 'Translated subtitles' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await seriousViolations(page, { include: 'verso-video' })).toEqual([]);

    await seek(page, 4.6);
    await expect.poll(async () => (await videoState(page)).shown).toBe(both(4));
    // The translation alone, chosen from the control with the keyboard.
    await control.getByRole('button', { name: 'With the original' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await videoState(page)).shown).toBe(toGerman(cueText(4)));

    // Alt+Shift+Right: the next cue; Left: back to this one's start... and the one before.
    await page.locator('h1').click();
    await page.keyboard.press('Alt+Shift+ArrowRight');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(6, 1);
    await page.keyboard.press('Alt+Shift+ArrowLeft');
    await expect.poll(async () => (await videoState(page)).time).toBeCloseTo(4.5, 1);

    // Remembered for the site: the next visit turns them on as soon as the video plays.
    await page.reload();
    await play(page);
    await showsCue(page, (n) => toGerman(cueText(n)));

    // Off from the control, with a person's click; remembered too.
    await page.locator('verso-video').getByRole('button', { name: 'Translated subtitles' }).click();
    await expect
      .poll(async () => (await videoState(page)).tracks)
      .toEqual(['English:showing', `${VERSO_TRACK}:disabled`]);
    await expect
      .poll(() => background.evaluate(async () => (await chrome.storage.local.get('videoSubtitles')).videoSubtitles))
      .toEqual({ sites: [], mode: 'translation' });
  });

  test('a subtitle file of the person’s own goes onto the video; a file that is not one says so', async ({
    page,
    background,
    svc,
  }) => {
    await page.goto(URL);
    await pressCommand(background, URL, COMMAND);
    const control = page.locator('verso-video').getByRole('group', { name: 'Verso subtitles' });
    const input = control.getByLabel('Subtitle file…');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no cues here') });
    await expect(control.getByRole('status')).toHaveText('No subtitles could be read from this file (SRT or WebVTT).');

    const srtTime = (seconds: number) =>
      `00:00:${String(Math.floor(seconds)).padStart(2, '0')},${seconds % 1 ? '500' : '000'}`;
    const srt = Array.from(
      { length: 20 },
      (_, i) => `${i + 1}\n${srtTime(i * 1.5)} --> ${srtTime((i + 1) * 1.5)}\nFerry ${i + 1} leaves at noon.\n`,
    ).join('\n');
    await input.setInputFiles({ name: 'ferries.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(srt) });
    await expect(control.getByRole('status')).toHaveCount(0);
    await seek(page, 7.6);
    const ferry = (n: number) => `Ferry ${n} leaves at noon.`;
    await showsCue(page, (n) => `${ferry(n)}\n${toGerman(ferry(n))}`);
    expect((await sentTexts(svc)).map((s) => s.text)).toContain(ferry(await cueNow(page)));
  });

  test('the popup turns them on for the page it was opened over, and says so', async ({ page, openExtensionPage }) => {
    await page.goto(URL);
    await play(page);
    const popup = await openExtensionPage('popup.html');
    await popup.getByRole('button', { name: 'Translated subtitles' }).click();
    await expect(popup.getByRole('status').filter({ hasText: 'subtitles' })).toHaveText(
      'Translated subtitles are on for the videos of this page.',
    );
    await showsCue(page, both);
    await popup.getByRole('button', { name: 'Translated subtitles' }).click();
    await expect(popup.getByRole('status').filter({ hasText: 'subtitles' })).toHaveText(
      'Translated subtitles are off for this page.',
    );
    await expect
      .poll(async () => (await videoState(page)).tracks)
      .toEqual(['English:showing', `${VERSO_TRACK}:disabled`]);
  });

  test('a hostile page that jumps its playhead over thousands of cues is held by the spending guard, and the control says so', async ({
    page,
    background,
    svc,
  }) => {
    const hostile = `<!doctype html><html lang="de"><head><meta charset="utf-8"></head><body>
<video id="v" src="${ORIGIN}/clip.webm" width="480" height="270" muted></video>
<script>
  const video = document.getElementById('v');
  const track = video.addTextTrack('subtitles', 'Noise', 'en');
  track.mode = 'showing';
  for (let i = 0; i < 3000; i++) track.addCue(new VTTCue(i * 0.01, i * 0.01 + 0.01, 'Cue ' + i + ' of a page that wants Verso to spend.'));
  video.addEventListener('play', () => setInterval(() => { video.currentTime = Math.random() * 29; }, 50), { once: true });
</script></body></html>`;
    await serveVideo(page, { '/hostile.html': hostile });
    await background.evaluate(() =>
      chrome.storage.local.set({
        videoSubtitles: { sites: ['127.0.0.1'], mode: 'both' },
        spendingLimits: { burst: 5000, perMinute: 100, globalPerMinute: 400000, globalPerDay: 5000000 },
      }),
    );
    await page.goto(`${ORIGIN}/hostile.html`);
    await page.evaluate(() => (document.getElementById('v') as HTMLVideoElement).play());
    const control = page.locator('verso-video').getByRole('group', { name: 'Verso subtitles' });
    await expect(control.getByRole('status')).toContainText('Verso held back text from 127.0.0.1');
    // What went stayed within the site's burst. It may be nothing at all: where the page happened to put
    // the playhead first, 20 s of its cues come to far more than the burst, and such a batch is held whole.
    const billed = (await sentTexts(svc)).reduce((n, s) => n + s.text.length, 0);
    expect(billed).toBeLessThanOrEqual(5000 + 100);
    expect((await sentTexts(svc)).every((s) => /^Cue \d+ of a page that wants Verso to spend\.$/.test(s.text))).toBe(
      true,
    );
  });

  test('switching tracks in the player: the new track is the one translated, ahead of the playhead', async ({
    page,
    background,
    svc,
  }) => {
    const other = (n: number) => `Second track line ${n} about the harbour.`;
    await page.goto(URL);
    await pressCommand(background, URL, COMMAND);
    await seek(page, 3.2);
    await showsCue(page, both);
    // The player's caption menu: another track, added through the TextTrack API, is now the one showing.
    await page.evaluate(() => {
      const video = document.getElementById('v') as HTMLVideoElement;
      const second = video.addTextTrack('subtitles', 'English (second)', 'en');
      for (let i = 0; i < 20; i++) {
        second.addCue(new VTTCue(i * 1.5, (i + 1) * 1.5, `Second track line ${i + 1} about the harbour.`));
      }
      for (const track of Array.from(video.textTracks)) if (track.label === 'English') track.mode = 'disabled';
      second.mode = 'showing';
    });
    await showsCue(page, (n) => `${other(n)}\n${toGerman(other(n))}`);
    expect((await videoState(page)).tracks).toEqual([
      'English:disabled',
      `${VERSO_TRACK}:showing`,
      'English (second):hidden',
    ]);
    await seek(page, 20.2);
    await showsCue(page, (n) => `${other(n)}\n${toGerman(other(n))}`);
    const sent = (await sentTexts(svc)).map((s) => s.text);
    expect(sent).toContain(other(14));
    expect(new Set(sent).size).toBe(sent.length);

    // Off: the tracks come back as the player last left them.
    await pressCommand(background, URL, COMMAND);
    await expect
      .poll(async () => (await videoState(page)).tracks)
      .toEqual(['English:disabled', `${VERSO_TRACK}:disabled`, 'English (second):showing']);
  });

  test('features brought in for something else put the control only over a video with subtitles', async ({ page }) => {
    // An English page (the target is German): the translate offer brings Verso's features in.
    await serveVideo(page, {
      '/two.html': videoPage({
        lang: 'en',
        extra: `<video id="bare" src="${ORIGIN}/clip.webm" width="320" height="180" muted></video>`,
      }),
    });
    await page.goto(`${ORIGIN}/two.html`);
    await offerIn(page);
    await expect(page.locator('verso-video')).toHaveCount(1);
    // The one over the video with a track (its host comes right after that video).
    expect(await page.evaluate(() => document.querySelector('verso-video')?.previousElementSibling?.id)).toBe('v');
  });
});
