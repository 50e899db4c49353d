/**
 * Answers the page asked for before the app started: the first-route script (first-route-preload.ts)
 * sends the landing screen's first API reads with the stored token as soon as the HTML is read, so on
 * a slow line they travel while the app's code downloads. Each is taken at most once, and only by a
 * GET for the same URL with the same token; anything else goes to the network as usual.
 */
type EarlyRequest = { token: string; response: Promise<Response | null> };

declare global {
  interface Window {
    __RUWA_EARLY__?: Record<string, EarlyRequest | undefined>;
  }
}

/** The early answer for this URL, if one was asked for with this token and not yet taken. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response | null> | null {
  const early = typeof window === 'undefined' ? undefined : window.__RUWA_EARLY__;
  if (!early) return null;
  const key = new URL(url, window.location.href).href;
  const request = early[key];
  if (!request) return null;
  early[key] = undefined;
  return request.token === token ? request.response : null;
}
