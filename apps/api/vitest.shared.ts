import type { UserWorkspaceConfig } from 'vitest/config';

/**
 * What both API projects share. Files named `*.isolated.test.ts` replace a module with `vi.mock`; a
 * replaced module stays replaced for the rest of a worker's files when they share one module cache,
 * so those files run in the isolated project, each with modules of its own.
 */
export const ISOLATED_TESTS = '{src,test}/**/*.isolated.test.ts';

export const apiProject = {
  test: {
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fail-on-console-error.ts', 'test/documented-replies.ts'],
    // Each file gets its own database (test/helpers/app.ts) in a process of its own.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
} satisfies UserWorkspaceConfig;
