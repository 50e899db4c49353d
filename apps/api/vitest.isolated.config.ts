import { defineProject } from 'vitest/config';
import { apiProject, ISOLATED_TESTS } from './vitest.shared';

// Tests that replace a module with vi.mock: each file gets a module cache of its own.
export default defineProject({
  test: { ...apiProject.test, name: 'api-isolated', include: [ISOLATED_TESTS] },
});
