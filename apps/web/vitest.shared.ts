import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { UserWorkspaceConfig } from 'vitest/config';

/**
 * What both web projects share. Files named `*.isolated.test.*` replace a module with `vi.mock`; a
 * replaced module stays replaced for the rest of a worker's files when they share one module cache,
 * so those files run in the isolated project, each with modules of its own.
 */
export const ISOLATED_TESTS = 'src/**/*.isolated.test.{ts,tsx}';

export const webProject = {
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    unstubGlobals: true,
    restoreMocks: true,
    testTimeout: 15_000,
  },
} satisfies UserWorkspaceConfig;
