// `npm run bench:idle`: what Verso costs on pages it does not translate. Builds the extension when its
// sources are newer than the build (scripts/bench/build.mjs, as bench:page), then runs
// scripts/bench/idle.ts: headless Chromium without and with Verso, a fresh profile per run, the page
// renderer's own counters (script, main-thread tasks, JS heap) 3 s after `load` on an ordinary page and
// on the same page with 20 same-site frames, first visit and reload. Prints a table on stderr and one
// JSON document on stdout. VERSO_IDLE_RUNS changes the number of runs per figure (5; the median is kept).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './bench/build.mjs';
import { ensureChromium } from './ensure-browser.mjs';

const outDir = process.env.VERSO_OUT_DIR || '.output-bench';
buildIfStale(outDir);

const exe = ensureChromium();
const env = { ...process.env, VERSO_OUT_DIR: outDir, ...(exe ? { VERSO_CHROMIUM: exe } : {}) };
const run = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench/idle.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
