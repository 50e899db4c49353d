import { linkWebManifest } from './web-manifest';

/** How long no file or answer may have arrived before the worker installs: the first screen is done. */
export const NETWORK_QUIET_MS = 2000;
/** The latest the worker installs after `load`, even on a page that keeps fetching. */
export const REGISTER_AT_LATEST_MS = 15_000;

/**
 * Makes the app installable and usable offline: links the web manifest (web-manifest.ts) and
 * registers the Workbox service worker built by vite-plugin-pwa (see pwa.config.ts). Called only in
 * production builds. Installing the worker precaches the customer app (some 60 files), so both wait
 * until the first screen has loaded its code, data and pictures: after `load` (which comes before a
 * single-page app's screen has fetched anything) and then until the network has been quiet for
 * NETWORK_QUIET_MS. Measured on a 2-core machine, a precache during the first screen took about as
 * much CPU again as the screen itself, from the same cores; on a phone over slow data it would also
 * take the screen's bandwidth.
 */
export function registerServiceWorker(): void {
  const register = () => {
    linkWebManifest();
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it; only offline use is lost.
      console.warn('Offline mode is unavailable:', error);
    });
  };
  const afterLoad = () => void whenNetworkQuiet(NETWORK_QUIET_MS, REGISTER_AT_LATEST_MS).then(register);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/**
 * Resolves once no resource (script, picture, API answer) has finished loading for `quietMs`, or
 * after `atMostMs` whatever the network does. A request still running unseen for longer than
 * `quietMs` does not hold it back: the browser reports a resource when it has finished.
 */
function whenNetworkQuiet(quietMs: number, atMostMs: number): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const observer = typeof PerformanceObserver === 'function' ? new PerformanceObserver(() => restart()) : null;
    const done = () => {
      observer?.disconnect();
      clearTimeout(quiet);
      clearTimeout(latest);
      resolve();
    };
    const restart = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, quietMs);
    };
    const latest = setTimeout(done, atMostMs);
    observer?.observe({ type: 'resource' });
    restart();
  });
}
