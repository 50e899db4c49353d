import { options } from 'preact';

/** The longest the first render's effects wait for the first paint to be displayed. */
const FIRST_PAINT_TIMEOUT_MS = 1000;

/** Calls `then` once the browser reports the first contentful paint as displayed (or after the timeout). */
function afterFirstContentfulPaint(then: () => void) {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    observer?.disconnect();
    then();
  };
  const timer = setTimeout(go, FIRST_PAINT_TIMEOUT_MS);
  let observer: PerformanceObserver | null = null;
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) go();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the timeout decides.
  }
}

/**
 * Production builds (Preact): the first render's effects (starting the carousel, the queries'
 * requests, the session refresh) wait until the browser reports its first contentful paint, i.e.
 * until the first screen is on the display. Preact's own timing runs them right after the frame's
 * main-thread part, while the frame is still being rastered and composited: traces of /home on a
 * 2-core machine showed that task (about 220 ms of wall time for 36 ms of CPU) running between the
 * first paint and its display, and the first contentful paint waiting for both. Later renders keep
 * Preact's timing. In development and tests (React 19) this is not called.
 */
export function effectsAfterFirstPaint(): void {
  options.requestAnimationFrame = (flush) =>
    afterFirstContentfulPaint(() => {
      options.requestAnimationFrame = undefined;
      setTimeout(flush);
    });
}
