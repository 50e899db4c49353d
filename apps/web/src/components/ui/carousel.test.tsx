import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

function slides() {
  return [<p key="a">First</p>, <p key="b">Second</p>, <p key="c">Third</p>];
}

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
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

describe('Carousel', () => {
  it('labels the region and each slide, and offers previous, next and one dot per slide', () => {
    render(<Carousel label="Offers">{slides()}</Carousel>);
    expect(screen.getByRole('region', { name: 'Offers' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('group', { name: '1 of 3' })).toHaveTextContent('First');
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).not.toHaveAttribute('aria-current');
    // Without autoplay there is nothing to pause.
    expect(screen.queryByRole('button', { name: 'Pause slides' })).not.toBeInTheDocument();
  });

  it('plays by itself, and stops for good once the user takes over', async () => {
    preferReducedMotion(false);
    const user = userEvent.setup();
    render(
      <Carousel label="Offers" autoplay>
        {slides()}
      </Carousel>,
    );
    expect(screen.getByRole('button', { name: 'Pause slides' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(await screen.findByRole('button', { name: 'Play slides' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play slides' }));
    expect(await screen.findByRole('button', { name: 'Pause slides' })).toBeInTheDocument();
  });

  it('does not play by itself when the user prefers reduced motion', () => {
    preferReducedMotion(true);
    render(
      <Carousel label="Offers" autoplay>
        {slides()}
      </Carousel>,
    );
    expect(screen.queryByRole('button', { name: 'Pause slides' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play slides' })).not.toBeInTheDocument();
  });

  it('shows a single slide without controls', () => {
    render(
      <Carousel label="Pictures">
        <p>Only</p>
      </Carousel>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
