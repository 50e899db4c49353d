import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoCategories, demoLocations, pageOf } from '@/testing/catalog-fixtures';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const heroRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./home-hero', () => ({
  HomeHero: () => {
    heroRenders.count += 1;
    return <h1>Ruwa</h1>;
  },
}));

describe('home screen rendering', () => {
  it('the categories and locations arriving re-render the grid, not the whole screen', async () => {
    signIn();
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url.startsWith('/api/product/category/index'))
        return jsonResponse(200, { message: '', data: pageOf(demoCategories) });
      if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf(demoLocations) });
      return undefined;
    });
    renderApp('/home');

    expect(await screen.findByRole('button', { name: 'Bottle Water' })).toBeInTheDocument();
    // The locations are fetched with the grid (the picker needs them next), and have arrived.
    await waitFor(() => expect(calls.some(({ url }) => url.startsWith('/api/location/index'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heroRenders.count).toBe(1);
  });
});
