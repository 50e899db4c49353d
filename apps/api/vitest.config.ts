import { defineProject } from 'vitest/config';
import { apiProject, ISOLATED_TESTS } from './vitest.shared';

// The files share one module cache per worker: the API's modules are loaded once per worker instead
// of once per file (about 2 s each). Each file still builds its own app on its own database.
export default defineProject({
  test: {
    ...apiProject.test,
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [ISOLATED_TESTS],
    isolate: false,
  },
});
