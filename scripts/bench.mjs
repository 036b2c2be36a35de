// `npm run bench:<name>` (`node scripts/bench.mjs <name>`): the one launcher of the end-to-end benchmarks.
// Builds the extension into $VERSO_OUT_DIR (default .output-bench) when its sources are newer than the
// build there (scripts/bench/build.mjs), finds Chromium (ensure-browser.mjs), then runs the benchmark
// scripts/bench/<name>.ts with tsx. Each benchmark starts what it needs from the shared pieces beside it
// (the local service, the page server, the browser: scripts/bench/README.md) and prints its figures.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfStale, root } from './bench/build.mjs';
import { ensureChromium } from './ensure-browser.mjs';

const [name = '', ...args] = process.argv.slice(2);
const file = path.join('scripts/bench', `${name}.ts`);
if (!/^[a-z][\w-]*$/.test(name) || !existsSync(path.join(root, file))) {
  // The benchmarks on the menu are package.json's bench:<name> scripts.
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const names = Object.values(scripts).flatMap((s) => /scripts\/bench\.mjs (\S+)/.exec(s)?.[1] ?? []);
  console.error(`usage: node scripts/bench.mjs <name>, which runs scripts/bench/<name>.ts (${names.join(', ')})`);
  process.exit(2);
}

const outDir = process.env.VERSO_OUT_DIR || '.output-bench';
buildIfStale(outDir);

const exe = ensureChromium();
const env = { ...process.env, VERSO_OUT_DIR: outDir, ...(exe ? { VERSO_CHROMIUM: exe } : {}) };
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const run = spawnSync(process.execPath, [tsx, file, ...args], { cwd: root, stdio: 'inherit', env });
process.exit(run.status ?? 1);
