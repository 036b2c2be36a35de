/**
 * Translated subtitles, end to end: the built extension in Chromium, the local service with 100 ms of
 * latency, and ten minutes of dense subtitles (a cue every 1.5 s, 400 cues, added by the page's script
 * through the TextTrack API as players do) on a ten-minute video (tests/fixtures/video/long.webm, made by
 * scripts/fixtures/video.sh) played at 2x. Run through `npm run bench:video`. Prints one JSON document.
 * VERSO_BENCH_MINUTES plays less of it for a quick look.
 *
 * Figures:
 * - untranslatedAfter3s: cues that came on screen without their translation after the first 3 s (by the
 *   clock) of playback with translated subtitles on (target 0);
 * - billedPerPlayed: characters the service billed / characters of the cues played (target <= 1.05);
 * - requestsPerVideoMinute: translate requests per minute of video played;
 * - mainThreadMsPerCueChange: the renderer's main-thread time (CDP Performance metrics: tasks, and the
 *   script part of them) per cue change, without Verso's subtitles (a stretch played first) and with them.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import type { CDPSession, Page, Worker } from '@playwright/test';
import { ServiceControl } from '../../service/testing/control.ts';
import { launchKeyedVerso } from './browser.ts';
import { loadAverages, machine, round, sleep } from './machine.ts';
import { listen } from './page-server.ts';
import { charactersUsed, startService } from './service.ts';

const LATENCY_MS = 100;
const RATE = 2;
const CUE_S = 1.5;
const MINUTES = Number(process.env.VERSO_BENCH_MINUTES ?? 10);
const CUES = Math.round((MINUTES * 60) / CUE_S);
/** Seconds of video (at 2x) played without Verso's subtitles first, for the baseline. */
const BASELINE_S = 40;
const VIDEO = path.resolve(import.meta.dirname, '../../tests/fixtures/video/long.webm');

/** Sentences of varied length, so batches are not all alike. */
const WORDS = 'the river runs past the old mill where boats wait for the morning tide and people talk'.split(' ');
const cueText = (i: number) => `${i}: ${WORDS.slice(0, 4 + (i % 12)).join(' ')}.`;

const page = (cues: number) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Talk</title></head>
<body><video id="v" src="/long.webm" muted playsinline width="320" height="180"></video>
<script>
  const video = document.getElementById('v');
  const track = video.addTextTrack('subtitles', 'English', 'en');
  track.mode = 'showing';
  const words = ${JSON.stringify(WORDS)};
  for (let i = 0; i < ${cues}; i++) {
    track.addCue(new VTTCue(i * ${CUE_S}, (i + 1) * ${CUE_S}, i + ': ' + words.slice(0, 4 + (i % 12)).join(' ') + '.'));
  }
  const rec = { changes: 0, shown: 0, untranslated: 0, untranslatedAt: [], start: 0 };
  window.rec = rec;
  track.addEventListener('cuechange', () => rec.changes++);
  video.textTracks.addEventListener('addtrack', (event) => {
    const own = event.track;
    if (own.label !== 'Translated (Verso)') return;
    own.addEventListener('cuechange', () => {
      const cue = own.activeCues[0];
      if (!cue || own.mode !== 'showing' || video.paused) return;
      rec.shown++;
      if (!cue.text.includes('\\n') && performance.now() - rec.start > 3000) {
        rec.untranslated++;
        rec.untranslatedAt.push(Math.round(video.currentTime * 10) / 10);
      }
    });
  });
</script></body></html>`;

type Rec = { changes: number; shown: number; untranslated: number; untranslatedAt: number[]; start: number };
const rec = (p: Page) => p.evaluate(() => (window as unknown as { rec: Rec }).rec);
const videoTime = (p: Page) => p.evaluate(() => (document.getElementById('v') as HTMLVideoElement).currentTime);

async function metrics(cdp: CDPSession): Promise<{ task: number; script: number }> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const get = (name: string) => list.find((m) => m.name === name)?.value ?? 0;
  return { task: get('TaskDuration') * 1000, script: get('ScriptDuration') * 1000 };
}

/** Plays from `from` at 2x until `until` seconds of video; returns the main-thread time and cue changes. */
async function play(p: Page, cdp: CDPSession, until: number) {
  const before = await metrics(cdp);
  const changes = (await rec(p)).changes;
  await p.evaluate((rate) => {
    const video = document.getElementById('v') as HTMLVideoElement;
    video.playbackRate = rate;
    (window as unknown as { rec: Rec }).rec.start = performance.now();
    return video.play();
  }, RATE);
  while ((await videoTime(p)) < until) await sleep(500);
  await p.evaluate(() => (document.getElementById('v') as HTMLVideoElement).pause());
  const after = await metrics(cdp);
  const cueChanges = (await rec(p)).changes - changes;
  return {
    cueChanges,
    taskMs: round((after.task - before.task) / cueChanges, 3),
    scriptMs: round((after.script - before.script) / cueChanges, 3),
  };
}

async function press(background: Worker, url: string, command: string) {
  await background.evaluate(
    async ({ url, command }) => {
      const [tab] = await chrome.tabs.query({ url });
      if (!tab) throw new Error(`no tab at ${url}`);
      (chrome.commands.onCommand as unknown as { dispatch(...a: unknown[]): void }).dispatch(command, tab);
    },
    { url, command },
  );
}

async function main() {
  const load = loadAverages();
  const service = await startService(LATENCY_MS);
  const video = readFileSync(VIDEO);
  const html = page(CUES);
  const site = await listen(
    createServer((req, res) => {
      const name = new URL(req.url ?? '/', 'http://x').pathname;
      if (name === '/watch.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      if (name !== '/long.webm') return void res.writeHead(404).end();
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (!range) {
        return void res.writeHead(200, { 'content-type': 'video/webm', 'accept-ranges': 'bytes' }).end(video);
      }
      const start = Number(range[1]);
      const end = Math.min(video.length - 1, range[2] ? Number(range[2]) : video.length - 1);
      res.writeHead(206, {
        'content-type': 'video/webm',
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${video.length}`,
      });
      res.end(video.subarray(start, end + 1));
    }),
  );
  const { context, background } = await launchKeyedVerso(service.url, {});
  try {
    await background.evaluate(async () => {
      const { preferences } = await chrome.storage.local.get('preferences');
      await chrome.storage.local.set({ preferences: { ...(preferences ?? {}), targetLang: 'de' } });
    });
    const url = `http://127.0.0.1:${site.port}/watch.html`;
    const tab = await context.newPage();
    await tab.goto(url);
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Performance.enable');

    // Without Verso's subtitles: the page's own track only, after a few seconds to settle the page in.
    await play(tab, cdp, 4);
    const without = await play(tab, cdp, 4 + BASELINE_S);
    await tab.evaluate(() => {
      (document.getElementById('v') as HTMLVideoElement).currentTime = 0;
    });
    const control = new ServiceControl(service.url);
    await control.clearRequests();
    const billedBefore = await charactersUsed(service.url);

    // With them: the shortcut, then ten minutes of video at 2x.
    await press(background, url, 'toggle-video-subtitles');
    await tab.waitForFunction(() =>
      Array.from((document.getElementById('v') as HTMLVideoElement).textTracks).some(
        (t) => t.label === 'Translated (Verso)' && t.mode === 'showing',
      ),
    );
    const started = Date.now();
    const withVerso = await play(tab, cdp, MINUTES * 60 - 0.5);
    const playedTo = await videoTime(tab);
    const record = await rec(tab);
    const billed = (await charactersUsed(service.url)) - billedBefore;
    let played = 0;
    for (let i = 0; i < CUES && i * CUE_S < playedTo; i++) played += cueText(i).length;
    const requests = (await control.requests('/v2/translate')).length;
    console.log(
      JSON.stringify(
        {
          latencyMs: LATENCY_MS,
          rate: RATE,
          videoMinutes: round(playedTo / 60, 2),
          wallSeconds: round((Date.now() - started) / 1000, 1),
          cues: CUES,
          cuesShown: record.shown,
          untranslatedAfter3s: record.untranslated,
          untranslatedAtVideoSeconds: record.untranslatedAt,
          billedChars: billed,
          playedChars: played,
          billedPerPlayed: round(billed / played, 3),
          requests,
          requestsPerVideoMinute: round(requests / (playedTo / 60), 2),
          mainThreadMsPerCueChange: { withoutVerso: without, withVerso },
          machine: machine(load),
        },
        null,
        2,
      ),
    );
  } finally {
    await context.close();
    site.server.close();
    service.process.kill();
  }
}

await main();
