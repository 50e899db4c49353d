import { defineProject } from 'vitest/config';
import { ISOLATED_TESTS, webProject } from './vitest.shared';

// Tests that replace a module with vi.mock: each file gets a module cache of its own.
export default defineProject({
  ...webProject,
  test: { ...webProject.test, name: 'web-isolated', include: [ISOLATED_TESTS] },
});
