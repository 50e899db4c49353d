import { render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '@/testing/console';
import { memoryRouter } from '@/testing/render-app';
import { RouteErrorBoundary } from './route-error';

function Crash(): never {
  throw new Error('screen crashed');
}

describe('RouteErrorBoundary', () => {
  it('shows the error screen for a crashed screen, and tries again at the next location', async () => {
    const { Router, router } = memoryRouter('/crash');
    render(
      <Router>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/crash" element={<Crash />} />
            <Route path="/fine" element={<h1>Fine</h1>} />
          </Routes>
        </RouteErrorBoundary>
      </Router>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(
      takeConsoleErrors()
        .flat()
        .some((arg) => arg instanceof Error && arg.message === 'screen crashed'),
    ).toBe(true);

    await router.navigate('/fine');
    expect(screen.getByRole('heading', { level: 1, name: 'Fine' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
