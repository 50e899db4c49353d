import { fireEvent, screen, within } from '@testing-library/react';
import type { Product } from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import { demoCategories, demoLocations, makeGasProduct, makeProduct, pageOf } from '@/testing/catalog-fixtures';
import {
  deferred,
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';

const sachet = makeProduct();
const gas = makeGasProduct({ approved: false, locations: [], locations_count: 0 });

type Handler = (request: RecordedRequest) => Response | Promise<Response> | undefined;

function stubAdmin(extra: Handler = () => undefined, products: Product[] = [sachet, gas]) {
  signIn({ role: 'admin' });
  return stubFetch((request) => {
    const { url } = request;
    const answer = extra(request);
    if (answer) return answer;
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url.startsWith('/api/products/index')) return jsonResponse(200, { message: '', data: pageOf(products) });
    if (url.startsWith('/api/product/category/index')) {
      return jsonResponse(200, { message: '', data: pageOf(demoCategories) });
    }
    if (url.startsWith('/api/location/index')) return jsonResponse(200, { message: '', data: pageOf(demoLocations) });
    return undefined;
  });
}

function png(name = 'refill.png') {
  return new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
}

describe('admin products table', () => {
  it('shows the loading message, then the spec’s columns, and opens a row for editing', async () => {
    const first = deferred<Response>();
    stubAdmin(({ url }) => (url.startsWith('/api/products/index?page=1') ? first.promise : undefined));
    const { user, router } = renderApp('/admin/products');

    expect(await screen.findByText('Fetching available data for this table')).toBeInTheDocument();
    first.resolve(
      jsonResponse(200, { message: '', data: pageOf([sachet, gas], { last: 2, path: '/api/products/index' }) }),
    );
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Name', 'Category', 'Base price', 'Approved', 'Locations', 'Action']);
    await within(table).findByText('Pure Life Sachet (20 pieces)');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Pure Life Sachet (20 pieces)', 'Sachet Water', '₦300', 'Yes', '2']);
    expect(within(rows[2]!).getAllByRole('cell')[4]).toHaveTextContent('No');
    // Each product is recognisable at a glance by its image.
    expect(rows[1]!.querySelector('img[data-thumbnail]')).toHaveAttribute('src', '/uploads/products/sachet.png');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create product' })).toHaveAttribute('href', '/admin/products/create');

    rows[2]!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Update product' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/products/update');
    expect(router.state.location.search).toBe('?id=11');
    expect(router.state.location.state).toMatchObject({ product: { id: 11 } });
    expect(await screen.findByLabelText('Name')).toHaveValue('Gas refill (per kg)');
  });

  it('says when there are no products', async () => {
    stubAdmin(undefined, []);
    renderApp('/admin/products');
    expect(await screen.findByText('There is no data available for this table')).toBeInTheDocument();
  });

  it('asks before deleting, and Escape keeps the product', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/products/delete'
        ? jsonResponse(200, { message: 'Product has been deleted successfully', data: null })
        : undefined,
    );
    const { user, router } = renderApp('/admin/products');
    const remove = await screen.findByRole('button', { name: 'Delete Gas refill (per kg)' });

    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this product?' });
    expect(dialog).toHaveTextContent('Gas refill (per kg) will be deleted. This cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Focus stays inside the dialog.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(calls.some(({ url }) => url === '/api/products/delete')).toBe(false);

    await user.click(remove);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Action Successful', 'Product has been deleted successfully');
    expect(calls.find(({ url }) => url === '/api/products/delete')?.body).toEqual({ id: 11 });
    // Clicks inside the dialog do not reach the row under it (which would open the edit screen).
    expect(router.state.location.pathname).toBe('/admin/products');
    expect(calls.filter(({ url }) => url.startsWith('/api/products/index')).length).toBeGreaterThanOrEqual(2);
  });

  it('offers to disable a product whose orders keep it from being deleted', async () => {
    const refusal =
      'This product has orders or subscriptions, so it cannot be deleted. Disable it instead: customers stop seeing it and its orders keep their history.';
    const { calls } = stubAdmin(({ url }) => {
      if (url === '/api/products/delete') return jsonResponse(409, { message: refusal, code: 'product_in_use' });
      if (url === '/api/products/update')
        return jsonResponse(200, {
          message: 'Product has been updated successfully',
          data: { ...sachet, approved: false },
        });
      return undefined;
    });
    const { user } = renderApp('/admin/products');
    await user.click(await screen.findByRole('button', { name: `Delete ${sachet.product_name}` }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    const instead = await screen.findByRole('alertdialog', { name: 'Disable this product instead?' });
    expect(instead).toHaveTextContent(refusal);
    await user.click(within(instead).getByRole('button', { name: 'Disable product' }));
    await findToast('Action Successful', `${sachet.product_name} is disabled: customers no longer see it.`);
    expect(calls.find(({ url }) => url === '/api/products/update')?.body).toEqual({ id: sachet.id, approved: false });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

/** The product's own fields on the create screen, so that only its price rows decide what is sent. */
async function fillDispenser(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Name'), 'Ruwa Dispenser 19L');
  await user.selectOptions(screen.getByLabelText('Category'), 'Bottle Water');
  await user.type(screen.getByLabelText('Base price (₦)'), '2,400');
}

describe('admin product form', () => {
  it('creates a product with location prices and an image', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/products/store'
        ? jsonResponse(201, { message: 'Product has been created successfully', data: gas })
        : undefined,
    );
    const { user, router } = renderApp('/admin/products');
    await user.click(await screen.findByRole('link', { name: 'Create product' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create product' })).toBeInTheDocument();

    // Nothing is sent until the form is valid.
    await user.click(await screen.findByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('The product name field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Choose a category.');
    expect(screen.getByLabelText('Base price (₦)')).toHaveAccessibleDescription('The base price field is required.');
    expect(screen.getByLabelText('Location 1')).toHaveAccessibleDescription('Choose a location.');

    await user.type(screen.getByLabelText('Name'), 'Gas refill (per kg)');
    await user.type(screen.getByLabelText('Description'), 'Refilled at your door.');
    // Only enabled categories are offered.
    expect(
      within(screen.getByLabelText('Category'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a category', 'Sachet Water', 'Bottle Water', 'Cooking Gas', 'Airtime and Data']);
    await user.selectOptions(screen.getByLabelText('Category'), 'Cooking Gas');
    await user.type(screen.getByLabelText('Base price (₦)'), '1100');
    await user.type(screen.getByLabelText('Tags'), 'gas, refill');
    await user.click(screen.getByRole('switch', { name: 'Approved' }));
    expect(screen.getByRole('switch', { name: 'Approved' })).not.toBeChecked();

    await user.selectOptions(screen.getByLabelText('Location 1'), 'Lekki');
    await user.type(screen.getByLabelText('Price 1'), '1250.50');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    // A location already listed cannot be picked again.
    expect(within(screen.getByLabelText('Location 2')).getByRole('option', { name: 'Lekki' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Location 2'), 'Yaba');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    await user.click(screen.getByRole('button', { name: 'Remove location 3' }));
    expect(screen.queryByLabelText('Location 3')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Product image'), png());
    expect(await screen.findByRole('img', { name: 'Preview of the chosen image' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );

    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await findToast('Action Successful', 'Product has been created successfully');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/products');
    expect(calls.find(({ url }) => url === '/api/products/store')?.body).toEqual({
      product_name: 'Gas refill (per kg)',
      product_description: 'Refilled at your door.',
      product_category: 3,
      product_price: 1100,
      product_tags: 'gas, refill',
      approved: false,
      locations: [
        { id: 1, product_location_price: 1250.5 },
        { id: 3, product_location_price: null },
      ],
      base64_photos: [expect.stringMatching(/^data:image\/png;base64,/)],
    });
  });

  it('sends both rows of a product priced at two locations as products/store takes them', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/products/store'
        ? jsonResponse(201, { message: 'Product has been created successfully', data: gas })
        : undefined,
    );
    const { user } = renderApp('/admin/products/create');

    await fillDispenser(user);
    await user.selectOptions(screen.getByLabelText('Location 1'), 'Yaba');
    await user.type(screen.getByLabelText('Price 1'), '2500');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    await user.selectOptions(screen.getByLabelText('Location 2'), 'Lekki');
    await user.type(screen.getByLabelText('Price 2'), '2,600.25');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    await findToast('Action Successful', 'Product has been created successfully');
    expect(calls.find(({ url }) => url === '/api/products/store')?.body).toEqual({
      product_name: 'Ruwa Dispenser 19L',
      product_description: '',
      product_category: 2,
      product_price: 2400,
      product_tags: '',
      approved: true,
      locations: [
        { id: 3, product_location_price: 2500 },
        { id: 1, product_location_price: 2600.25 },
      ],
    });
  });

  it('checks each price row with the contract, shows each mistake at its field and sends nothing', async () => {
    const { calls } = stubAdmin();
    const { user } = renderApp('/admin/products/create');

    await fillDispenser(user);
    await user.selectOptions(screen.getByLabelText('Location 1'), 'Lekki');
    await user.type(screen.getByLabelText('Price 1'), '0');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    await user.type(screen.getByLabelText('Price 2'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('The location price must be greater than 0.')).toBeInTheDocument();
    expect(screen.getByLabelText('Price 1')).toHaveAccessibleDescription('The location price must be greater than 0.');
    expect(screen.getByLabelText('Location 1')).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText('Location 2')).toHaveAccessibleDescription('Choose a location.');
    expect(screen.getByLabelText('Price 2')).toHaveAccessibleDescription('The location price must be a number.');
    expect(calls.some(({ url }) => url === '/api/products/store')).toBe(false);

    // Once submitted, a row is checked again as it changes.
    await user.clear(screen.getByLabelText('Price 1'));
    expect(screen.getByLabelText('Price 1')).not.toHaveAccessibleDescription();
  });

  it('rejects images that are not jpg, png or webp', async () => {
    stubAdmin();
    renderApp('/admin/products/create');
    const picker = await screen.findByLabelText('Product image');
    fireEvent.change(picker, { target: { files: [new File(['GIF89a'], 'spin.gif', { type: 'image/gif' })] } });
    await findToast('Error!', 'Only jpg, png or webp images are allowed');
  });

  it('on update sends the kept rows as locations and the added ones as new_locations', async () => {
    const { calls } = stubAdmin(({ url }) => {
      if (url === '/api/products/show?id=10') return jsonResponse(200, { message: '', data: sachet });
      if (url === '/api/products/update') {
        return jsonResponse(200, { message: 'Product has been updated successfully', data: sachet });
      }
      return undefined;
    });
    // Opened from its address (a reload): no navigation state, so it is fetched.
    const { user, router } = renderApp('/admin/products/update?id=10');

    expect(await screen.findByLabelText('Name')).toHaveValue('Pure Life Sachet (20 pieces)');
    expect(screen.getByLabelText('Category')).toHaveValue('1');
    expect(screen.getByLabelText('Base price (₦)')).toHaveValue('300');
    expect(screen.getByLabelText('Tags')).toHaveValue('water, sachet');
    expect(screen.getByLabelText('Price 1')).toHaveValue('350');
    expect(screen.getByLabelText('Price 2')).toHaveValue('');
    expect(screen.getByText('Lekki')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Price 1'));
    await user.type(screen.getByLabelText('Price 1'), '400');
    await user.click(screen.getByRole('button', { name: 'Remove Ikeja' }));
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    await user.selectOptions(screen.getByLabelText('Location 2'), 'Yaba');
    await user.type(screen.getByLabelText('Price 2'), '500');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    await user.selectOptions(screen.getByLabelText('Location 3'), 'Ikeja');
    // Added by mistake: removed again before saving.
    await user.click(screen.getByRole('button', { name: 'Remove location 3' }));

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await findToast('Action Successful', 'Product has been updated successfully');
    expect(router.state.location.pathname).toBe('/admin/products');
    expect(calls.find(({ url }) => url === '/api/products/update')?.body).toEqual({
      id: 10,
      product_name: 'Pure Life Sachet (20 pieces)',
      product_description: 'A bag of 20 cold sachets.',
      product_category: 1,
      product_price: 300,
      product_tags: 'water, sachet',
      approved: true,
      locations: [{ id: 1, product_location_price: 400 }],
      new_locations: [{ id: 3, product_location_price: 500 }],
    });
  });

  it('shows the server’s message under the price row it is about', async () => {
    stubAdmin(({ url }) =>
      url === '/api/products/update'
        ? jsonResponse(422, {
            message: 'The location price must be greater than 0.',
            errors: { 'new_locations.0.product_location_price': ['The location price must be greater than 0.'] },
          })
        : undefined,
    );
    const { user } = renderApp({
      pathname: '/admin/products/update',
      search: '?id=10',
      state: { product: sachet },
    });
    await user.click(await screen.findByRole('button', { name: 'Add location' }));
    await user.selectOptions(screen.getByLabelText('Location 3'), 'Yaba');
    await user.type(screen.getByLabelText('Price 3'), '5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await findToast('Error!', 'The location price must be greater than 0.');
    expect(screen.getByLabelText('Price 3')).toHaveAccessibleDescription('The location price must be greater than 0.');
    expect(screen.getByLabelText('Price 1')).not.toHaveAccessibleDescription();
  });

  it('puts the server’s locations.1.product_location_price message on row 2', async () => {
    const message = 'The location price may not be greater than 10,000,000.';
    stubAdmin(({ url }) =>
      url === '/api/products/update'
        ? jsonResponse(422, { message, errors: { 'locations.1.product_location_price': [message] } })
        : undefined,
    );
    const { user } = renderApp({
      pathname: '/admin/products/update',
      search: '?id=10',
      state: { product: sachet },
    });
    await user.type(await screen.findByLabelText('Price 2'), '9000');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await findToast('Error!', message);
    expect(screen.getByLabelText('Price 2')).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('Price 1')).not.toHaveAccessibleDescription();
  });
});
