import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Worker } from '@playwright/test';
import { ORIGIN } from './pages.ts';

// The fixture video and its WebVTT (tests/fixtures/video/, made by scripts/fixtures/video.sh), served on
// the fixture origin, and what the specs read of Verso's subtitle track.

const DIR = path.resolve(import.meta.dirname, '../../fixtures/video');

/** The text of cue `n` (1-based) of clip.en.vtt: one every 1.5 s, 20 of them. */
export const cueText = (n: number) => `Line ${n} is about boats and oars on the water.`;

/** The label of Verso's own track (lib/features/video/content.ts). */
export const VERSO_TRACK = 'Translated (Verso)';

/** A page with the fixture video and its English track, at `${ORIGIN}/<name>.html`. */
export function videoPage({ lang = 'en', extra = '' } = {}): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Rowing lesson</title>
<style>video::cue { color: rgb(255, 255, 0); } body { margin: 2em; }</style></head><body>
<h1>Rowing lesson</h1>
<video id="v" src="${ORIGIN}/clip.webm" width="480" height="270" controls muted playsinline>
  <track kind="subtitles" srclang="en" label="English" src="${ORIGIN}/clip.en.vtt" default>
</video>
<p><button id="fs" type="button" onclick="document.getElementById('v').requestFullscreen()">Full screen</button></p>
${extra}
</body></html>`;
}

/** Serves generated pages and the fixture video and subtitles on the fixture origin. */
export async function serveVideo(page: Page, pages: Record<string, string>): Promise<void> {
  await page.route(`${ORIGIN}/**`, (route) => {
    const name = new URL(route.request().url()).pathname;
    if (pages[name] !== undefined) {
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: pages[name] });
    }
    const types: Record<string, string> = { '/clip.webm': 'video/webm', '/clip.en.vtt': 'text/vtt; charset=utf-8' };
    const type = types[name];
    if (!type) return route.fulfill({ status: 404, body: 'not found' });
    const body = readFileSync(path.join(DIR, name.slice(1)));
    // Ranges, as a web server answers them: the browser seeks in a video it has not loaded whole.
    const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers().range ?? '');
    if (!range) {
      return route.fulfill({ status: 200, contentType: type, headers: { 'accept-ranges': 'bytes' }, body });
    }
    const start = Number(range[1]);
    const end = Math.min(body.length - 1, range[2] ? Number(range[2]) : body.length - 1);
    return route.fulfill({
      status: 206,
      contentType: type,
      headers: { 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${body.length}` },
      body: body.subarray(start, end + 1),
    });
  });
}

/** Presses one of Verso's shortcuts: the browser's onCommand event, as a real press fires it. */
export async function pressCommand(background: Worker, url: string, command: string): Promise<void> {
  await background.evaluate(
    async ({ url, command }) => {
      const [tab] = await chrome.tabs.query({ url });
      if (!tab) throw new Error(`no tab at ${url}`);
      (chrome.commands.onCommand as unknown as { dispatch(...a: unknown[]): void }).dispatch(command, tab);
    },
    { url, command },
  );
}

/** What the page's video shows now: its tracks' modes and Verso's active cue. */
export function videoState(page: Page) {
  return page.evaluate((label) => {
    const video = document.getElementById('v') as HTMLVideoElement;
    const tracks = Array.from(video.textTracks);
    const own = tracks.find((t) => t.label === label);
    const cue = own?.activeCues?.[0] as VTTCue | undefined;
    return {
      time: video.currentTime,
      tracks: tracks.map((t) => `${t.label}:${t.mode}`),
      shown: own?.mode === 'showing' ? (cue?.text ?? '') : undefined,
    };
  }, VERSO_TRACK);
}
