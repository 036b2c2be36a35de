import { defineConfig } from 'vitest/config';

// The Firefox smoke suite (tests/firefox): one Firefox with the built extension and one local service
// for the file, run after the Chromium suite by `npm test` (scripts/test.mjs).
export default defineConfig({
  test: {
    include: ['tests/firefox/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
