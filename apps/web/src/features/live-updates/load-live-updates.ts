import { lazy } from 'react';

/** How long the page's own requests must have been quiet, and the least wait after sign-in. */
const QUIET_MS = 2_000;
const AT_LEAST_MS = 3_000;
const CHECK_EVERY_MS = 250;

/**
 * Resolves once the first screen has settled: no request finished for QUIET_MS, and AT_LEAST_MS
 * gone by. On a slow connection the stream and its code then never compete with what the screen
 * itself needs; the stream refreshes what is on screen when it opens, so nothing is missed.
 */
function whenSettled(): Promise<void> {
  const finished = () => globalThis.performance?.getEntriesByType?.('resource').length ?? 0;
  const started = Date.now();
  return new Promise((resolve) => {
    let seen = finished();
    let quietSince = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      const count = finished();
      if (count !== seen) {
        seen = count;
        quietSince = now;
      }
      if (now - quietSince >= QUIET_MS && now - started >= AT_LEAST_MS) {
        clearInterval(timer);
        resolve();
      }
    }, CHECK_EVERY_MS);
  });
}

/** The live updates, downloaded only for a signed-in session and only once its first screen has settled. */
export const LiveUpdates = lazy(() => whenSettled().then(() => import('./components/live-updates')));
