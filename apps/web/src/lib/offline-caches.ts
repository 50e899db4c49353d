/**
 * The service worker's cache of the signed-in person's own answers (wallet, orders, profile...). Its
 * entries are keyed by a hash of the session token; signing out deletes the whole cache, so a shared
 * phone keeps nobody's account data once they have left.
 */
export const ACCOUNT_CACHE = 'ruwa-account';

export function forgetAccountCache(): void {
  // Cache Storage exists only in secure contexts with service workers; elsewhere there is nothing to forget.
  globalThis.caches?.delete(ACCOUNT_CACHE).catch(() => undefined);
}
