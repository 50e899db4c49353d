import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts', 'test/documented-replies.ts'],
    // Each file gets its own database.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
