import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { e2eWorkers } from './test/e2e/workers.ts';

const workers = e2eWorkers();

// Two projects: fast component tests in jsdom, and the browser suite against the real API (run one after the
// other).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['test/unit/setup.ts'],
          // A whole app per test in jsdom: seconds on a busy shared machine.
          testTimeout: 20_000,
          // Files share their worker's modules (React, the app, jsdom's setup): setup.ts cleans up after each
          // test (the rendered tree, localStorage, stubbed globals and mocks).
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // Off unless E2E_PROFILE names a file: where each file's time goes (test/e2e/profile.ts).
          setupFiles: ['test/e2e/profile.ts'],
          // A worker per API and database (global-setup.ts): files of different workers never meet.
          maxWorkers: workers,
          fileParallelism: workers > 1,
          // Files share their worker's modules (playwright-core and the helpers imported once per worker).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
