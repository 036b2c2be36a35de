import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

const shared = {
  environment: 'node',
  testTimeout: 20_000,
  hookTimeout: 30_000,
} as const;

// Two projects. The extension's own code (lib/) runs without a fresh module graph per file, which is
// most of what a test file cost: so a test there leaves no global changed behind (context.test.ts shows
// how) and mocks no module. The local service's files (servers fuzzed over HTTP), the meta tests and the
// components (one mocks a module) keep one graph per file.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'extension',
          setupFiles: ['tests/setup/shared-worker.ts'],
          include: ['lib/**/*.test.ts', 'lib/**/*.test.tsx'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'isolated',
          include: ['tests/meta/**/*.test.ts', 'service/**/*.test.ts', 'components/**/*.test.tsx'],
        },
      },
    ],
  },
});
