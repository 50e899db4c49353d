import type { AppContext } from '../../lib/context';

export type CrashPoint = 'after-verify' | 'before-commit';

/**
 * Test-only: dies at once, as a power cut or an OOM kill would, at the named step of completing a
 * payment (RUWA_TEST_CRASH_AT, honoured only with NODE_ENV=test; see kill-restart.test.ts). SIGKILL,
 * so no handler, `finally` or pending write gets a chance to tidy up.
 */
export function crashPoint(ctx: AppContext, point: CrashPoint) {
  if (ctx.config.RUWA_TEST_CRASH_AT === point && ctx.config.NODE_ENV === 'test') process.kill(process.pid, 'SIGKILL');
}
