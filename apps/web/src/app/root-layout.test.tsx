import { render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { memoryRouter } from '@/testing/render-app';
import { RootLayout } from './root-layout';

describe('RootLayout scrolling', () => {
  it('starts a newly opened screen at the top, but not a change of its query or a step back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { Router, router } = memoryRouter('/first');
    render(
      <Router>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/first" element={<h1>First</h1>} />
            <Route path="/second" element={<h1>Second</h1>} />
          </Route>
        </Routes>
      </Router>,
    );
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();

    await router.navigate('/second');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await router.navigate('/second?page=2');
    await router.navigate(-1);
    await router.navigate(-1);
    expect(screen.getByRole('heading', { name: 'First' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
