import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type * as QueryClientModule from '@/lib/query-client';
import { demoCategories, demoLocations, pageOf } from '@/testing/catalog-fixtures';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { HomeScreen } from './home-screen';

const heroRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./home-hero', () => ({
  HomeHero: () => {
    heroRenders.count += 1;
    return <h1>Ruwa</h1>;
  },
}));

// Settles once the enabled locations have landed in the app's cache and every component watching them
// was told: the cache's own listeners are told last, in the same batch as the query's observers.
const locations = vi.hoisted(() => ({ landed: undefined as Promise<void> | undefined }));
vi.mock('@/lib/query-client', async (importOriginal) => {
  const original = await importOriginal<typeof QueryClientModule>();
  const { hashKey } = await import('@tanstack/react-query');
  const { queryKeys } = await import('@/lib/query-keys');
  return {
    ...original,
    createQueryClient: () => {
      const client = original.createQueryClient();
      const key = hashKey(queryKeys.locations.enabled());
      locations.landed = new Promise((resolve) =>
        client.getQueryCache().subscribe((event) => {
          if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === key) resolve();
        }),
      );
      return client;
    },
  };
});

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
    await act(() => locations.landed!);
    expect(calls.filter(({ url }) => url.startsWith('/api/location/index'))).toHaveLength(1);
    expect(heroRenders.count).toBe(1);
  });

  it('asks for the locations from an effect, not while rendering (effects wait for the first paint)', () => {
    signIn();
    const { calls } = stubFetch(() => jsonResponse(200, { message: '', data: pageOf([]) }));
    // A server render runs the render functions and no effects: nothing may be fetched by it.
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <HomeScreen onSubmit={() => undefined} airtimeDataHref={(tab) => `/airtime-data?tab=${tab}`} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    expect(html).toContain('Select Product');
    expect(calls.map(({ url }) => url)).toEqual([]);
  });
});
