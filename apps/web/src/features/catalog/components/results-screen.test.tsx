import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoCategories, demoLocations, makeLocationProduct, pageOf } from '@/testing/catalog-fixtures';
import { deferred, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const sachet = makeLocationProduct({ id: 10, product_name: 'Pure Life Sachet', price: 350 });
const sachetNoImage = makeLocationProduct({ id: 11, product_name: 'Aqua Sachet', price: 1250, product_images: [] });
const gas = makeLocationProduct({
  id: 20,
  product_name: 'Gas refill (per kg)',
  kind: 'gas',
  category_id: 3,
  product_category: 'Cooking Gas',
  price: 1100,
  pivot: { location_id: 2, product_location_price: 1100 },
  water_name: undefined,
  distro_name: 'Gas refill (per kg)',
});

function stubCatalog(products: Record<string, ReturnType<typeof makeLocationProduct>[]> = {}) {
  return stubFetch(({ url }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
    if (url.startsWith('/api/product/category/index'))
      return jsonResponse(200, { message: '', data: pageOf(demoCategories) });
    if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf(demoLocations) });
    if (url.startsWith('/api/location/products/index')) {
      const categoryId = new URL(url, 'http://x').searchParams.get('category_id') ?? 'all';
      return jsonResponse(200, { message: '', data: pageOf(products[categoryId] ?? []) });
    }
    return undefined;
  });
}

describe('results screen', () => {
  it('goes to /home when opened with neither state nor query', async () => {
    signIn();
    stubCatalog();
    const { router } = renderApp('/results');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('lists water at the chosen location under "Water Subscriptions", priced there', async () => {
    signIn();
    const { calls } = stubCatalog({ '1': [sachet, sachetNoImage] });
    const { user, router } = renderApp({
      pathname: '/results',
      search: '?location_id=1&category_id=1',
      state: { location_id: 1, product: 'Sachet Water', category_id: 1, kind: 'sachet_water' },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Water Subscriptions' })).toBeInTheDocument();
    expect(screen.getByText('Sachet Water')).toBeInTheDocument();
    const cards = await screen.findAllByRole('link', { name: /Sachet/ });
    expect(cards.map((card) => card.textContent)).toEqual(['Pure Life Sachet₦350', 'Aqua Sachet₦1,250']);
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/products/sachet.png');
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(calls.some(({ url }) => url.startsWith('/api/product/category/index'))).toBe(false);
    expect(calls.find(({ url }) => url.startsWith('/api/location/products/index'))?.url).toBe(
      '/api/location/products/index?location_id=1&category_id=1&page=1&per_page=30',
    );

    await user.click(cards[1]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aqua Sachet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/water-sub/show');
    expect(router.state.location.search).toBe('?product_id=11&location_id=1');
    expect(router.state.location.state).toMatchObject({ subscription: { id: 11, price: 1250 }, location: 1 });
  });

  it('says "Gas at your door step" for gas and opens the gas screen', async () => {
    signIn();
    stubCatalog({ '3': [gas] });
    const { user, router } = renderApp({
      pathname: '/results',
      search: '?location_id=2&category_id=3',
      state: { location_id: 2, product: 'Cooking Gas', category_id: 3, kind: 'gas' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gas at your door step' })).toBeInTheDocument();
    // Gas by the kilogram says so: the detail then prices a number of kilograms.
    expect((await screen.findByRole('link', { name: /Gas refill/ })).textContent).toBe('Gas refill (per kg)₦1,100/kg');
    await user.click(await screen.findByRole('link', { name: /Gas refill/ }));
    expect(await screen.findByLabelText('Quantity (KG)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/gas/buy');
    expect(router.state.location.search).toBe('?product_id=20&location_id=2');
  });

  it('after a reload (query only) looks the category up for its heading', async () => {
    signIn();
    const { calls } = stubCatalog({ '3': [] });
    renderApp('/results?location_id=2&category_id=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gas at your door step' })).toBeInTheDocument();
    expect(screen.getByText('Cooking Gas')).toBeInTheDocument();
    expect(await screen.findByText('No products are available here yet.')).toBeInTheDocument();
    expect(calls.some(({ url }) => url.startsWith('/api/product/category/index'))).toBe(true);
  });

  it('shows skeletons while the products load', async () => {
    signIn();
    const reply = deferred<Response>();
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url.startsWith('/api/location/products/index')) return reply.promise;
      return undefined;
    });
    renderApp({
      pathname: '/results',
      search: '?location_id=1&category_id=2',
      state: { location_id: 1, product: 'Bottle Water', category_id: 2, kind: 'bottle_water' },
    });
    const loading = await screen.findByRole('list', { name: 'Loading products' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    reply.resolve(jsonResponse(200, { message: '', data: pageOf([]) }));
    expect(await screen.findByText('No products are available here yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('list', { name: 'Loading products' })).not.toBeInTheDocument();
  });
});

describe('results by kind (/water-sub/results and /gas/results)', () => {
  it('gas priced by cylinder shows the standard cylinder refill the detail asks for, not the kilogram price', async () => {
    signIn();
    const byCylinder = {
      ...gas,
      id: 21,
      product_name: 'Cooking Gas (LPG)',
      cylinders: [
        { size_kg: 6, refill_price: 7_200, new_price: null },
        { size_kg: 12.5, refill_price: 14_900, new_price: 40_000 },
      ],
    };
    stubCatalog({ '3': [byCylinder] });
    renderApp('/gas/results?location_id=2');
    const card = await screen.findByRole('link', { name: /Cooking Gas \(LPG\)/ });
    expect(card.textContent).toBe('Cooking Gas (LPG)₦14,900 for 12.5 kg');
  });

  it('/gas/results lists the gas category at the location, needing only the location', async () => {
    signIn();
    const { calls } = stubCatalog({ '3': [gas] });
    const { user, router } = renderApp('/gas/results?location_id=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gas at your door step' })).toBeInTheDocument();
    expect(screen.getByText('Cooking Gas')).toBeInTheDocument();
    await user.click(await screen.findByRole('link', { name: /Gas refill/ }));
    expect(await screen.findByLabelText('Quantity (KG)')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/gas/buy');
    expect(router.state.location.search).toBe('?product_id=20&location_id=2');
    expect(calls.find(({ url }) => url.startsWith('/api/location/products/index'))?.url).toBe(
      '/api/location/products/index?location_id=2&category_id=3&page=1&per_page=30',
    );
  });

  it('/water-sub/results lists the water category asked for, or the first water one', async () => {
    signIn();
    const bottle = makeLocationProduct({ id: 12, product_name: 'Eva Bottle', kind: 'bottle_water', category_id: 2 });
    stubCatalog({ '1': [sachet], '2': [bottle] });
    const { router } = renderApp('/water-sub/results?location_id=1&category_id=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Water Subscriptions' })).toBeInTheDocument();
    expect(screen.getByText('Bottle Water')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Eva Bottle/ })).toHaveAttribute(
      'href',
      '/water-sub/show?product_id=12&location_id=1',
    );

    // A category of another kind (gas, id 3) is not shown under the water heading.
    await router.navigate('/water-sub/results?location_id=1&category_id=3');
    expect(await screen.findByRole('link', { name: /Pure Life Sachet/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Water Subscriptions' })).toBeInTheDocument();
    expect(screen.getByText('Sachet Water')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Eva Bottle/ })).not.toBeInTheDocument();
  });

  it('goes to /home without a location', async () => {
    signIn();
    stubCatalog();
    const { router } = renderApp('/gas/results');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });
});
