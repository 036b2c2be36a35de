// `npm run bench:page`: the page pipeline (lib/page) on a 1,500-block page in headless Chromium.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const exe = ensureChromium();
if (exe) process.env.VERSO_CHROMIUM = exe;
const r = spawnSync('npx', ['tsx', 'lib/page/bench/chromium.ts'], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
