// `npm run bench:writing`: writing help as you type, end to end. Builds the extension when its sources are
// newer than the build, then runs scripts/bench/writing.ts: the local service with 100 ms of latency, a
// scripted person typing a 2,000-character email at 5 characters a second into a textarea and a
// ProseMirror editor in Chromium with Verso, and prints the figures as JSON (billed characters per final
// character, requests per 1,000 keys, pause to underline, Verso's main-thread time per key, long tasks).
// VERSO_BENCH_CHARS and VERSO_BENCH_CPS shorten or speed up a run for a quick look.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-browser.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = process.env.VERSO_OUT_DIR || '.output-bench';
const manifest = path.join(root, outDir, 'chrome-mv3', 'manifest.json');

/** The newest modification time under the folders the extension is built from. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['entrypoints', 'lib', 'components', 'public']) walk(path.join(root, dir));
  for (const file of ['wxt.config.ts', 'package.json'])
    newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return newest;
}

if (!existsSync(manifest) || statSync(manifest).mtimeMs < newestSource()) {
  console.error(`[bench] building the extension into ${outDir}…`);
  const build = spawnSync('npx', ['wxt', 'build'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, VERSO_OUT_DIR: outDir },
  });
  if (build.status !== 0) {
    console.error(build.stdout, build.stderr);
    process.exit(build.status ?? 1);
  }
}

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
