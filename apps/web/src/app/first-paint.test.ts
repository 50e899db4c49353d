import { h, options, render } from 'preact';
import { useEffect } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectsAfterFirstPaint } from './first-paint';

// Production builds run on Preact (docs/decisions/007), so this renders with Preact itself.
type PaintList = { getEntriesByName: (name: string) => unknown[] };
const paintObservers: ((list: PaintList) => void)[] = [];
class FakePerformanceObserver {
  constructor(private readonly callback: (list: PaintList) => void) {}
  observe() {
    paintObservers.push(this.callback);
  }
  disconnect() {
    paintObservers.splice(paintObservers.indexOf(this.callback), 1);
  }
}
const paint = (name: string) =>
  [...paintObservers].forEach((callback) => callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));

function Probe({ log, name }: { log: string[]; name: string }) {
  useEffect(() => {
    log.push(name);
  }, [log, name]);
  return h('p', null, name);
}

describe('effectsAfterFirstPaint', () => {
  let container: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers();
    paintObservers.length = 0;
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => {
    render(null, container);
    container.remove();
    options.requestAnimationFrame = undefined;
    vi.useRealTimers();
  });

  it("holds the first render's effects until its first contentful paint is displayed", async () => {
    const log: string[] = [];
    effectsAfterFirstPaint();
    render(h(Probe, { log, name: 'first' }), container);
    // Preact's own timing runs them within 35 ms.
    await vi.advanceTimersByTimeAsync(500);
    paint('first-paint');
    await vi.advanceTimersByTimeAsync(10);
    expect(log).toEqual([]);

    paint('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['first']);
    expect(paintObservers).toHaveLength(0);
  });

  it('runs them after a second at the latest, when no paint is reported', async () => {
    const log: string[] = [];
    effectsAfterFirstPaint();
    render(h(Probe, { log, name: 'first' }), container);
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(2);
    expect(log).toEqual(['first']);
  });

  it("leaves later renders to Preact's own timing", async () => {
    const log: string[] = [];
    effectsAfterFirstPaint();
    render(h(Probe, { log, name: 'first' }), container);
    paint('first-contentful-paint');
    await vi.advanceTimersByTimeAsync(1);
    expect(options.requestAnimationFrame).toBeUndefined();

    render(h(Probe, { log, name: 'second' }), container);
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['first', 'second']);
  });
});
