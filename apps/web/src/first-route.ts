/**
 * Runs inline at the top of the page's HTML, before the stylesheet and every script: an IIFE built
 * by first-route-preload.ts with the table of landing screens (SCREENS), allowed by its hash in the
 * Content-Security-Policy (the API's app.ts). Every screen is a lazy route, so without it the browser
 * would learn what the first screen needs only after the app's code had downloaded and run. For the
 * screen this visit will show (a guess from the path and whether a token is stored) it:
 * 1. asks the screen's first API reads at once, with the stored token, ahead of everything else (over
 *    HTTP/1.1 six requests go out at a time): the app's API client takes each answer once instead of
 *    asking again (src/lib/early-requests.ts);
 * 2. adds `modulepreload` links for the screen's chunks and a high-priority preload for its first
 *    image, so they download alongside the framework;
 * 3. on the wallet, paints the balance into the prerendered frame as soon as it is here, from the
 *    balance card's own markup rendered at build time (src/prerender.tsx), so the customer sees it
 *    before the app has started. The app replaces the whole frame when it starts;
 * 4. on a prerendered page, starts the app once the page has painted (startAppAfterFirstPaint),
 *    and only then preloads the screen's chunks.
 * The first three are only hints: a wrong guess costs bytes, never behaviour. It may not throw:
 * whatever fails here, the app does for itself as it always does.
 */
import type { Wallet } from '@ruwa/contract';
import { formatNaira } from '@ruwa/contract/money';

type Screen = { paths: string[]; signedIn: boolean; files: string[]; images: string[]; requests: string[] };
declare const SCREENS: Screen[];

/** The base the server's runtime configuration gives the app: the HTML and the API are one server. */
const API_BASE = '/api';
const WALLET = 'wallet/me';

function paintBalance(wallet: Wallet) {
  // The template is inside #root, so once the app has rendered it is gone and nothing is painted.
  const template = document.querySelector<HTMLTemplateElement>('template[data-early="wallet-balance"]');
  const slot = document.querySelector('[data-slot="wallet-balances"][aria-busy]');
  if (!template || !slot) return;
  const card = template.content.cloneNode(true) as DocumentFragment;
  const set = (testId: string, naira: number) => {
    const cell = card.querySelector(`[data-testid="${testId}"]`);
    if (cell) cell.textContent = formatNaira(naira);
  };
  set('wallet-balance', wallet.balance);
  set('savings-balance', wallet.savings);
  slot.replaceWith(card);
}

function askEarly(token: string, requests: string[]) {
  const early: NonNullable<Window['__RUWA_EARLY__']> = {};
  for (const path of requests) {
    const url = new URL(`${API_BASE}/${path}`, location.href).href;
    const response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      priority: 'high',
    }).catch(() => null);
    early[url] = { token, response };
    if (path === WALLET) {
      void response
        .then((answer) => (answer?.ok ? (answer.clone().json() as Promise<{ data?: Wallet }>) : null))
        .then((body) => {
          if (body?.data && typeof body.data.balance === 'number') paintBalance(body.data);
        })
        .catch(() => undefined);
    }
  }
  window.__RUWA_EARLY__ = early;
}

function hint(rel: 'modulepreload' | 'preload', href: string) {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (rel === 'preload') {
    link.as = 'image';
    link.fetchPriority = 'high';
  } else link.crossOrigin = '';
  document.head.append(link);
}

/** The longest a prerendered page waits for its first paint before it starts the app anyway. */
const PAINT_PATIENCE_MS = 3000;

/** Set on <html> by the API when the page is prerendered and its scripts wait in a template. */
const SCRIPTS_AFTER_PAINT = 'data-scripts-after-paint';

/** Moves the page's held scripts and preloads from their template into the <head>, where they load. */
function releaseScripts() {
  const held = document.querySelector<HTMLTemplateElement>('template[data-app-scripts]');
  if (!held) return;
  held.remove();
  // Fresh elements, not the template's: a script is only run by the document that made it.
  for (const tag of held.content.children) {
    const copy = document.createElement(tag.localName);
    for (const { name, value } of tag.attributes) copy.setAttribute(name, value);
    document.head.append(copy);
  }
}

/**
 * A prerendered page (login, home, the wallet) is sent with the app's script and preloads in a
 * <template> (the API's app.ts, scriptsAfterFirstPaint): it paints from the HTML and the stylesheet,
 * and only then does the app's code start downloading, so the first screen does not share a slow
 * line with 140 KB of scripts. "Painted" is the browser's first-contentful-paint entry, reported
 * once the frame is on screen. A page the visitor cannot see (a background tab, a prerender) paints
 * nothing until shown, so it starts the app as soon as it is parsed; so does a browser without paint
 * timing. Whatever happens to the paint, the app starts within PAINT_PATIENCE_MS.
 */
function startAppAfterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const whenParsed = () =>
    document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', once, { once: true }) : once();
  setTimeout(whenParsed, PAINT_PATIENCE_MS);
  const timesPaints =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (document.visibilityState !== 'visible' || !timesPaints) return whenParsed();
  try {
    const painted = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      painted.disconnect();
      whenParsed();
    });
    painted.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', whenParsed, { once: true });
  } catch {
    whenParsed();
  }
}

let screen: Screen | undefined;
try {
  let token: string | null = null;
  try {
    token = localStorage.getItem('token');
  } catch {
    // No storage (private mode): a signed-out visit.
  }
  screen = SCREENS.find((s) => s.signedIn === Boolean(token) && s.paths.includes(location.pathname));
  // Only a screen with early reads sets __RUWA_EARLY__, so the API client looks nothing up elsewhere.
  if (screen && token && screen.requests.length > 0) askEarly(token, screen.requests);
  for (const href of screen?.images ?? []) hint('preload', href);
} catch {
  // Nothing here is needed: the app loads what it needs itself.
}

/** The screen's chunks: with the app's own scripts, never ahead of a prerendered page's paint. */
function preloadScreen() {
  try {
    for (const href of screen?.files ?? []) hint('modulepreload', href);
  } catch {
    // Only hints.
  }
}

if (document.documentElement.hasAttribute(SCRIPTS_AFTER_PAINT)) {
  startAppAfterFirstPaint(() => {
    preloadScreen();
    releaseScripts();
  });
} else preloadScreen();
