import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { preloadQueryLayer } from '@/app/query-boundary';
import { loadEnv } from '@/lib/env';
import { reloadSession } from '@/lib/session';
import { takeConsoleErrors } from './console';
import { startDefaultPinAnswers, stopDefaultPinAnswers } from './wallet-pin';

// Screens are lazily imported; the first import of one in a worker can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; embla-carousel, sonner and the router's scroll restoration use them.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

class NoopObserver {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds: readonly number[] = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= () => undefined;

export const TEST_ENV = {
  apiUrl: '/api',
  paystackPublicKey: 'pk_test_sandbox',
  paystackInlineUrl: '/sandbox/paystack/inline.js',
};

// The live event stream opens once a signed-in screen has settled; screen tests count their own
// requests, so it stays closed here (features/live-updates has its own tests).
vi.mock('@/features/live-updates/load-live-updates', () => ({ LiveUpdates: () => null }));

// Every screen but login renders inside the lazily loaded query layer; loaded once here, screens
// render without waiting for it, as after main.tsx's preload in the browser.
beforeAll(async () => {
  await preloadQueryLayer();
});

beforeEach(() => {
  // Wallet spends ask for the PIN on a sheet; screens not about the PIN get it typed for them.
  startDefaultPinAnswers();
  window.__RUWA_ENV__ = { ...TEST_ENV };
  loadEnv();
  // Both stores, as a new tab would start: a card payment kept unrecorded in sessionStorage would
  // otherwise be resumed by the next test's purchase screen.
  window.localStorage.clear();
  window.sessionStorage.clear();
  reloadSession();
  // STYLE: tests fail on an unexpected console.error; a test expecting one takes it.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  stopDefaultPinAnswers();
  cleanup();
  toast.dismiss();
  window.localStorage.clear();
  window.sessionStorage.clear();
  reloadSession();
  const errors = takeConsoleErrors();
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});

// A closing toast removes itself 200 ms later on a timer sonner does not clear on unmount; let any such
// timer fire while the test window still exists, not after the file's environment is torn down.
const SONNER_REMOVE_DELAY_MS = 200;
afterAll(() => new Promise((resolve) => setTimeout(resolve, SONNER_REMOVE_DELAY_MS + 50)));
