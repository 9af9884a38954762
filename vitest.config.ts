import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts so tests load no PWA, router or lingui build plugins.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/*.test.ts', 'domain/**/*.test.ts', 'workers/**/*.test.ts', 'server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default', './tests/summary-reporter.ts'],
  },
});
