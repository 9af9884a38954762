import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts so tests load no PWA, router or lingui build plugins.
// Two projects: unit and server tests in parallel first, then the browser tests one file at a
// time (each starts a server and Chromium; on 2 cores they would starve each other).
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/*.test.ts', 'domain/**/*.test.ts', 'workers/**/*.test.ts', 'server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/multiprocess/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
