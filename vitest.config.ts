import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/file-setup.ts'],
    // Storage, Redis and end-to-end tests share one PostgreSQL and one Redis: keep them in a few
    // forks so the machine's two cores are not oversubscribed.
    pool: 'forks',
    maxWorkers: 2,
    // Each worker evaluates the service's modules once, not once per test file: evaluating them was
    // close to a third of the run. Test files do not share state through modules (no module mocks, no
    // globals; each test builds its own app, database and servers), so isolation bought nothing.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
