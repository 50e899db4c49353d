import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoCategories, makeCategory, pageOf } from '@/testing/catalog-fixtures';
import {
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';

function stubAdmin(extra: (request: RecordedRequest) => Response | undefined = () => undefined) {
  signIn({ role: 'admin' });
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (request.url.startsWith('/api/product/category/index')) {
      return jsonResponse(200, { message: '', data: pageOf(demoCategories) });
    }
    return undefined;
  });
}

describe('admin product categories', () => {
  it('lists #, name and action, and a row click opens its edit screen with the category', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/product/category/update'
        ? jsonResponse(200, { message: 'Category has been updated successfully', data: demoCategories[2] })
        : undefined,
    );
    const { user, router } = renderApp('/admin/product-category');
    const table = await screen.findByRole('table', { name: 'Product categories' });
    await within(table).findByText('Cooking Gas');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Name', 'Kind', 'Products', 'Action']);
    const gasRow = within(table).getByText('Cooking Gas').closest('tr')!;
    expect(within(gasRow).getByText('Cooking gas')).toBeInTheDocument();
    expect(within(gasRow).getByText(String(demoCategories[2]!.products_count))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create category' })).toHaveAttribute(
      'href',
      '/admin/product-category/create',
    );

    await user.click(within(table).getByText('Cooking Gas'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Update category' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=3');
    expect(screen.getByLabelText('Name')).toHaveValue('Cooking Gas');
    expect(screen.getByLabelText('Kind')).toHaveValue('gas');
    expect(screen.getByRole('img', { name: 'Current image' })).toHaveAttribute('src', '/uploads/categories/gas.png');

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Cooking Gas (LPG)');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await findToast('Action Successful', 'Category has been updated successfully');
    expect(calls.find(({ url }) => url === '/api/product/category/update')?.body).toEqual({
      id: 3,
      name: 'Cooking Gas (LPG)',
      kind: 'gas',
      enabled: true,
    });
    // Back one step to the list it came from.
    expect(await screen.findByRole('table', { name: 'Product categories' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/product-category');
  });

  it('creates a category with a kind and an image', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/product/category/store'
        ? jsonResponse(201, { message: 'Category has been created successfully', data: makeCategory({ id: 9 }) })
        : undefined,
    );
    const { user } = renderApp('/admin/product-category/create');
    await user.click(await screen.findByRole('button', { name: 'Create category' }));
    expect(screen.getByLabelText('Kind')).toHaveAccessibleDescription(
      'Choose what kind of product this category holds.',
    );

    await user.type(screen.getByLabelText('Name'), 'Dispenser Water');
    await user.selectOptions(screen.getByLabelText('Kind'), 'Bottle water');
    await user.upload(
      screen.getByLabelText('Category image'),
      new File([new Uint8Array([82, 73, 70, 70])], 'dispenser.webp', { type: 'image/webp' }),
    );
    await screen.findByRole('img', { name: 'Preview of the chosen image' });
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    await findToast('Action Successful', 'Category has been created successfully');
    expect(calls.find(({ url }) => url === '/api/product/category/store')?.body).toEqual({
      name: 'Dispenser Water',
      kind: 'bottle_water',
      enabled: true,
      base64_photos: [expect.stringMatching(/^data:image\/webp;base64,/)],
    });
  });

  it('says "deleted" after deleting, and the server’s reason when products still use it', async () => {
    let refuse = true;
    stubAdmin(({ url }) => {
      if (url !== '/api/product/category/delete') return undefined;
      return refuse
        ? jsonResponse(409, { message: 'This category still has 2 products. Move or delete them first.' })
        : jsonResponse(200, { message: 'Category has been deleted successfully', data: null });
    });
    const { user } = renderApp('/admin/product-category');

    await user.click(await screen.findByRole('button', { name: 'Delete Sachet Water' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Error!', 'This category still has 2 products. Move or delete them first.');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Delete Bottle Water' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Action Successful', 'Category has been deleted successfully');
  });
});
