// `npm test`: everything, in order, failing fast. Each step prints its own closing line and time.
import { spawnSync } from 'node:child_process';
import { ensureChromium, ensureFirefox } from './ensure-browser.mjs';

const out = process.env.VERSO_OUT_DIR || '.output';

const steps = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['biome', 'check', '.']],
  ['unit tests', 'npx', ['vitest', 'run']],
  ['build (chrome)', 'npx', ['wxt', 'build']],
  ['build (firefox)', 'npx', ['wxt', 'build', '-b', 'firefox']],
  // Mozilla's add-on linter, offline; a warning fails the run as an error does.
  [
    'web-ext lint (firefox package)',
    'npx',
    ['web-ext', 'lint', '-s', `${out}/firefox-mv3`, '--warnings-as-errors'],
    () => {
      process.env.NO_UPDATE_NOTIFIER = '1';
    },
  ],
  [
    'end-to-end tests (chromium)',
    'npx',
    ['playwright', 'test'],
    () => {
      const exe = ensureChromium();
      if (exe) process.env.VERSO_CHROMIUM = exe;
    },
  ],
  [
    'end-to-end smoke tests (firefox)',
    'npx',
    ['vitest', 'run', '--config', 'vitest.firefox.config.ts'],
    () => {
      process.env.VERSO_FIREFOX = ensureFirefox();
    },
  ],
];

const started = Date.now();
for (const [name, cmd, args, before] of steps) {
  before?.();
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`✖ ${name} failed after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${secs}s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
