import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's suite; each project keeps its own config.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.isolated.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
    // argon2 and PGlite are CPU-bound: one worker per core of these 2-core machines.
    maxWorkers: 2,
  },
});
