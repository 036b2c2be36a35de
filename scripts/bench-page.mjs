// `npm run bench:page`: full-page translation end to end. Builds the extension when its sources are newer
// than the build, then runs scripts/bench/main.ts: the local service with 100 ms of latency, generated
// long pages in Chromium with Verso, and prints the figures as JSON. (The DOM core alone is measured by
// `npx tsx lib/page/bench/chromium.ts`.)
// Main-thread figures: `longestTracedTaskMs` comes from a Chromium trace of the page's renderer (every
// task, Verso's content script included; tracing adds some overhead). The page's own 'longtask' API
// (`longestTaskMs`) leaves out content-script tasks and is kept only for comparison; long animation
// frames (`longestFrameMs`, `blockingFrames`) add the rendering that follows the tasks.
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
const run = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
