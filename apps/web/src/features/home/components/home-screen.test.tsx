import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { demoCategories, demoLocations, makeLocationProduct, pageOf } from '@/testing/catalog-fixtures';
import { jsonResponse, makeUser, memoryRouter, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { CategoryGrid } from './category-grid';

function stubCatalog() {
  return stubFetch(({ url }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url.startsWith('/api/product/category/index'))
      return jsonResponse(200, { message: '', data: pageOf(demoCategories) });
    if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf(demoLocations) });
    if (url.startsWith('/api/location/products/index')) {
      return jsonResponse(200, { message: '', data: pageOf([makeLocationProduct({ kind: 'bottle_water' })]) });
    }
    return undefined;
  });
}

describe('home screen', () => {
  it('shows the heading, the promo slides and the enabled categories without the airtime one', async () => {
    signIn();
    const { calls } = stubCatalog();
    renderApp('/home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
    const offers = screen.getByRole('region', { name: 'Offers' });
    expect(within(offers).getByText('Recharge your phone and get the cheapest rates')).toBeInTheDocument();
    expect(within(offers).getByText('Subscribe your phone to win rewards')).toBeInTheDocument();
    // Three picture slides; only the first one's picture is fetched before the carousel moves.
    expect(within(offers).getAllByRole('figure', { hidden: true })).toHaveLength(3);
    expect(
      within(offers)
        .getAllByRole('img', { hidden: true })
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['A bottle and a sachet of water']);
    expect(within(offers).getByRole('button', { name: 'Pause slides' })).toBeInTheDocument();

    const grid = screen.getByRole('region', { name: 'Select Product' });
    expect(await within(grid).findByRole('button', { name: 'Sachet Water' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Bottle Water' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Cooking Gas' })).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: 'Airtime and Data' })).not.toBeInTheDocument();
    // The Airtime and Data tiles open the airtime and data screen on their tab.
    expect(within(grid).getByRole('link', { name: 'Airtime' })).toHaveAttribute('href', '/airtime-data?tab=airtime');
    expect(within(grid).getByRole('link', { name: 'Data' })).toHaveAttribute('href', '/airtime-data?tab=data');

    expect(calls.find(({ url }) => url.startsWith('/api/product/category/index'))?.url).toBe(
      '/api/product/category/index?enabled=1&per_page=100',
    );
  });

  it('keeps Submit disabled until a location is chosen, then opens the results with state and query', async () => {
    signIn();
    stubCatalog();
    const { user, router } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Bottle Water' }));
    const heading = screen.getByRole('heading', { name: 'My Location' });
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Select Product' })).not.toBeInTheDocument();

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    const select = screen.getByRole('combobox', { name: 'Location' });
    expect(within(select).getByRole('option', { name: 'Select your location' })).toBeInTheDocument();
    await user.selectOptions(select, 'Ikeja');
    expect(submit).toBeEnabled();
    await user.selectOptions(select, '');
    expect(submit).toBeDisabled();
    await user.selectOptions(select, 'Ikeja');
    await user.click(submit);

    expect(await screen.findByRole('heading', { level: 1, name: 'Water Subscriptions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/results');
    expect(router.state.location.search).toBe('?location_id=2&category_id=2');
    expect(router.state.location.state).toEqual({
      location_id: 2,
      product: 'Bottle Water',
      category_id: 2,
      kind: 'bottle_water',
    });
  });

  it('clears the choice with the back arrow', async () => {
    signIn();
    stubCatalog();
    const { user } = renderApp('/home');

    await user.click(await screen.findByRole('button', { name: 'Cooking Gas' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Yaba');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('heading', { name: 'My Location' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sachet Water' }));
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});

describe('category grid', () => {
  it('always offers Airtime and Data as links that carry their tab as route state', async () => {
    const { Router, router } = memoryRouter('/');
    render(
      <Router>
        <Routes>
          <Route
            path="/"
            element={
              <CategoryGrid
                categories={[]}
                isLoading={false}
                isError={false}
                onRetry={() => {}}
                onChoose={() => {}}
                airtimeDataHref={(tab) => `/airtime-data?tab=${tab}`}
              />
            }
          />
          <Route path="/airtime-data" element={<p>Airtime and data screen</p>} />
        </Routes>
      </Router>,
    );
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Data' }));
    expect(await screen.findByText('Airtime and data screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=data');
    expect(router.state.location.state).toBe('data');
  });
});
