/**
 * Registers the Workbox service worker built by vite-plugin-pwa (see pwa.config.ts). Called only in
 * production builds, and only after `load`, so installing it (and precaching the shell) never
 * competes with the first screen for the network.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it; only offline use is lost.
      console.warn('Offline mode is unavailable:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
