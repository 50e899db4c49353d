import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

// Embla itself is left out: what is checked is when the carousel hands it the viewport.
const giveViewport = vi.fn();
vi.mock('embla-carousel-react', () => ({ default: () => [giveViewport, undefined] }));

describe('Carousel start', () => {
  it('hands Embla its viewport after the first paint, not while React commits', async () => {
    render(
      <Carousel label="Offers">
        <p>First</p>
        <p>Second</p>
      </Carousel>,
    );
    // Committed and on screen, but Embla (which measures every slide when it starts) has not started.
    expect(screen.getByRole('group', { name: '1 of 2' })).toBeInTheDocument();
    expect(giveViewport).not.toHaveBeenCalled();
    const viewport = screen.getByRole('region', { name: 'Offers' }).firstElementChild;
    await waitFor(() => expect(giveViewport).toHaveBeenCalledWith(viewport));
  });
});
