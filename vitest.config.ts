import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

// A site has no built-in secret (server/casino/signature.ts): a test run configures its own, the
// way an operator would, so suites that sign as the demo provider know it.
const env = { DEMO_PROVIDER_SECRET: randomBytes(32).toString('hex'), DEMO_GAME_SEED: randomBytes(32).toString('hex') };

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
          env,
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
          env,
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
