import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeCarousel } from './home-carousel';

/** The media queries the browser answers true; every other query is false. */
function mediaMatching(...matching: string[]) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: matching.some((feature) => query.includes(feature)),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function saveData(on: boolean) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: on } });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'connection');
});

// The pause button exists only while the slides advance by themselves.
const playsByItself = () => screen.queryByRole('button', { name: 'Pause slides' }) !== null;

describe('home carousel autoplay', () => {
  it('advances by itself on a normal connection', () => {
    mediaMatching();
    saveData(false);
    render(<HomeCarousel />);
    expect(playsByItself()).toBe(true);
  });

  it('stays still when the browser asks to save data', () => {
    mediaMatching();
    saveData(true);
    render(<HomeCarousel />);
    expect(playsByItself()).toBe(false);
    // Still usable by hand.
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
  });

  it('stays still for prefers-reduced-data', () => {
    mediaMatching('prefers-reduced-data: reduce');
    render(<HomeCarousel />);
    expect(playsByItself()).toBe(false);
  });

  it('stays still for prefers-reduced-motion', () => {
    mediaMatching('prefers-reduced-motion: reduce');
    render(<HomeCarousel />);
    expect(playsByItself()).toBe(false);
  });
});
