import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_QUIET_MS, REGISTER_AT_LATEST_MS, registerServiceWorker } from './register-service-worker';
import { WEB_MANIFEST_URL } from './web-manifest';

/** A PerformanceObserver whose resource entries the test delivers by hand. */
const observers: { callback: () => void; observing: boolean }[] = [];
class FakePerformanceObserver {
  private readonly entry: { callback: () => void; observing: boolean };
  constructor(callback: () => void) {
    this.entry = { callback, observing: false };
    observers.push(this.entry);
  }
  observe() {
    this.entry.observing = true;
  }
  disconnect() {
    this.entry.observing = false;
  }
}
const resourceFinished = () => observers.filter((o) => o.observing).forEach((o) => o.callback());

describe('registerServiceWorker', () => {
  const register = vi.fn(() => Promise.resolve({}));

  beforeEach(() => {
    vi.useFakeTimers();
    observers.length = 0;
    register.mockClear();
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    document.head.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove());
  });

  it('waits until no resource has arrived for the quiet time, then registers /sw.js once', async () => {
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(NETWORK_QUIET_MS - 500);
    resourceFinished(); // the screen's data arrives
    await vi.advanceTimersByTimeAsync(NETWORK_QUIET_MS - 500);
    resourceFinished(); // then its picture
    await vi.advanceTimersByTimeAsync(NETWORK_QUIET_MS - 1);
    expect(register).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' });
    expect(observers.every((o) => !o.observing)).toBe(true);
    await vi.advanceTimersByTimeAsync(REGISTER_AT_LATEST_MS);
    expect(register).toHaveBeenCalledOnce();
  });

  it('registers at the latest time on a page that never stops fetching', async () => {
    registerServiceWorker();
    for (let waited = 0; waited < REGISTER_AT_LATEST_MS - 500; waited += 500) {
      await vi.advanceTimersByTimeAsync(500);
      resourceFinished();
    }
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(register).toHaveBeenCalledOnce();
  });

  it('starts counting only after the page has loaded', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(REGISTER_AT_LATEST_MS * 2);
    expect(register).not.toHaveBeenCalled();

    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(NETWORK_QUIET_MS);
    expect(register).toHaveBeenCalledOnce();
  });

  it('links the web manifest at the same moment, not before', async () => {
    const manifestLinks = () => document.head.querySelectorAll(`link[rel="manifest"][href="${WEB_MANIFEST_URL}"]`);
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(NETWORK_QUIET_MS - 1);
    expect(manifestLinks()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(manifestLinks()).toHaveLength(1);
    expect(register).toHaveBeenCalledOnce();

    registerServiceWorker(); // a second call adds no second link
    await vi.advanceTimersByTimeAsync(NETWORK_QUIET_MS);
    expect(manifestLinks()).toHaveLength(1);
  });

  it('still links the manifest in a browser without service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(NETWORK_QUIET_MS);
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
    expect(register).not.toHaveBeenCalled();
  });
});
