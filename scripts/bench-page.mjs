// `npm run bench:page`: full-page translation end to end. Builds the extension when its sources are newer
// than the build, then runs scripts/bench/main.ts: the local service with 100 ms of latency, generated
// long pages in Chromium with Verso, and prints the figures as JSON. (The DOM core alone is measured by
// `npx tsx lib/features/page-translate/segments/bench/chromium.ts`.)
// Main-thread figures: `longestTracedTaskMs` comes from a Chromium trace of the page's renderer (every
// task, Verso's content script included; tracing adds some overhead). The page's own 'longtask' API
// (`longestTaskMs`) leaves out content-script tasks and is kept only for comparison; long animation
// frames (`longestFrameMs`, `blockingFrames`) add the rendering that follows the tasks.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './bench/build.mjs';
import { ensureChromium } from './ensure-browser.mjs';

const outDir = process.env.VERSO_OUT_DIR || '.output-bench';
buildIfStale(outDir);

const exe = ensureChromium();
const env = { ...process.env, VERSO_OUT_DIR: outDir, ...(exe ? { VERSO_CHROMIUM: exe } : {}) };
const run = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
