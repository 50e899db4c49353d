import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's suite; each project keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web'],
  },
});
