import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Starting PGlite or creating a PostgreSQL database takes a few seconds on a busy machine.
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
