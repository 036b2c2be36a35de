// `npm run bench:writing`: writing help as you type, end to end. Builds the extension when its sources are
// newer than the build, then runs scripts/bench/writing.ts: the local service with 100 ms of latency, a
// scripted person typing a 2,000-character email at 5 characters a second into a textarea and a
// ProseMirror editor in Chromium with Verso, and prints the figures as JSON (billed characters per final
// character, requests per 1,000 keys, pause to underline, Verso's main-thread time per key, long tasks).
// VERSO_BENCH_CHARS and VERSO_BENCH_CPS shorten or speed up a run for a quick look.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './bench/build.mjs';
import { ensureChromium } from './ensure-browser.mjs';

const outDir = process.env.VERSO_OUT_DIR || '.output-bench';
buildIfStale(outDir);

const exe = ensureChromium();
const env = { ...process.env, VERSO_OUT_DIR: outDir, ...(exe ? { VERSO_CHROMIUM: exe } : {}) };
const run = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench/writing.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
process.exit(run.status ?? 1);
