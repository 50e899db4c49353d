import { defineProject } from 'vitest/config';
import { ISOLATED_TESTS, webProject } from './vitest.shared';

// The screens' tests share one module cache and one test DOM per worker: loading jsdom, React and
// the screens once per worker instead of once per file takes the suite from about 200 s to 90 s on
// two cores. The setup file resets what a test may leave behind (storage, session, mocks, toasts).
export default defineProject({
  ...webProject,
  test: {
    ...webProject.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [ISOLATED_TESTS],
    isolate: false,
  },
});
