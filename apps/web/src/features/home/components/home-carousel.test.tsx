import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

describe('home carousel pictures', () => {
  const picture = (alt: string) => screen.queryByRole('img', { name: alt, hidden: true });

  it('fetches only the first picture at first, and each other one as the slides come near it', async () => {
    mediaMatching('prefers-reduced-motion: reduce');
    const user = userEvent.setup();
    render(<HomeCarousel />);
    const water = picture('A bottle and a sachet of water');
    expect(water).toHaveAttribute('fetchpriority', 'high');
    // Slide 3 (gas) and slide 5 (delivery) are not near slide 1 yet: captions only, no image request.
    expect(screen.getByText('Cooking gas at your doorstep')).toBeInTheDocument();
    expect(picture('Cooking gas cylinders')).not.toBeInTheDocument();
    expect(picture('A delivery rider on the way to a house')).not.toBeInTheDocument();

    // On slide 2 the gas picture, next, is fetched; the delivery one, two slides on, still is not.
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(await screen.findByRole('img', { name: 'Cooking gas cylinders', hidden: true })).toBeInTheDocument();
    expect(picture('A delivery rider on the way to a house')).not.toBeInTheDocument();

    // Going back past the first slide reaches the last one (the slides loop).
    await user.click(screen.getByRole('button', { name: 'Go to slide 1' }));
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(
      await screen.findByRole('img', { name: 'A delivery rider on the way to a house', hidden: true }),
    ).toBeInTheDocument();
  });
});
