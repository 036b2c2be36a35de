/**
 * `npx tsx lib/features/page-translate/segments/bench/chromium.ts`: the DOM core's bench in headless Chromium ($VERSO_CHROMIUM,
 * else /usr/bin/chromium, else Playwright's own), bundled with esbuild. (`npm run bench:page` measures
 * the whole extension end to end instead: scripts/bench/page.ts.)
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';

const bundle = await build({
  stdin: {
    contents: `import { runBench } from './run.ts';
      import { yieldToEventLoop } from '../../../../dom/schedule.ts';
      runBench(document, yieldToEventLoop).then((lines) => { window.__bench = lines; });`,
    resolveDir: import.meta.dirname,
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
  target: 'es2022',
});

const browser = await chromium.launch({
  executablePath: process.env.VERSO_CHROMIUM ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  await page.waitForFunction(() => (window as { __bench?: string[] }).__bench, null, { timeout: 120_000 });
  const lines = await page.evaluate(() => (window as { __bench?: string[] }).__bench ?? []);
  for (const line of lines) console.log(line);
} finally {
  await browser.close();
}
