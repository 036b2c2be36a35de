import { defineConfig } from '@playwright/test';

// End-to-end tests load the built extension (.output/chrome-mv3) into Chromium; `npm test` builds first.
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: process.env.VERSO_OUT_DIR ? `test-results/${process.env.VERSO_OUT_DIR}` : 'test-results/default',
  use: { trace: 'retain-on-failure' },
});
