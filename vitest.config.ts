import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/helpers/slow-first-sequencer.ts';

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
    // globals; each test builds its own app, database and servers), so isolation bought nothing. The one
    // thing a worker keeps from file to file on purpose is the browser tests' server and Chromium
    // (test/helpers/browser.ts): each file works in its own browser contexts and organisations.
    isolate: false,
    // The files that start servers, browsers and npm first, so that the last minute is not one of them.
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
