import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeLocation, pageOf } from '@/testing/catalog-fixtures';
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

const lekki = makeLocation();
const ajah = makeLocation({ id: 7, name: 'Ajah', enabled: false });

function stubAdmin(extra: (request: RecordedRequest) => Response | Promise<Response> | undefined = () => undefined) {
  signIn({ role: 'admin' });
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (request.url.startsWith('/api/location/index'))
      return jsonResponse(200, { message: '', data: pageOf([lekki, ajah]) });
    return undefined;
  });
}

describe('admin locations', () => {
  it('is in the sidebar after Dashboard, and lists name, state, country and the enabled flag', async () => {
    const first = deferred<Response>();
    stubAdmin(({ url }) => (url === '/api/location/index?page=1' ? first.promise : undefined));
    renderApp('/admin/locations');

    expect(await screen.findByText('Fetching available data for this table')).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(sidebar).getByRole('link', { name: 'Locations' })).toHaveAttribute('aria-current', 'page');

    first.resolve(jsonResponse(200, { message: '', data: pageOf([lekki, ajah]) }));
    const table = screen.getByRole('table', { name: 'Locations' });
    await within(table).findByText('Ajah');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Name', 'State', 'Country', 'Approved', 'Action']);
    const cells = within(within(table).getAllByRole('row')[2]!).getAllByRole('cell');
    expect(cells.slice(0, 5).map((cell) => cell.textContent)).toEqual(['2', 'Ajah', 'lagos', 'nigeria', 'No']);
  });

  it('says when there are no locations', async () => {
    stubAdmin(({ url }) =>
      url.startsWith('/api/location/index') ? jsonResponse(200, { message: '', data: pageOf([]) }) : undefined,
    );
    renderApp('/admin/locations');
    expect(await screen.findByText('There is no data available for this table')).toBeInTheDocument();
  });

  it('creates a location in lagos, nigeria and goes back to the refreshed list', async () => {
    const { calls } = stubAdmin(({ url }) =>
      url === '/api/location/store'
        ? jsonResponse(201, {
            message: 'Location has been created successfully',
            data: makeLocation({ id: 9, name: 'Ajah' }),
          })
        : undefined,
    );
    const { user, router } = renderApp('/admin/locations');
    await user.click(await screen.findByRole('link', { name: 'Create location' }));
    await user.click(await screen.findByRole('button', { name: 'Create location' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('The name field is required.');
    expect(calls.some(({ url }) => url === '/api/location/store')).toBe(false);

    expect(
      within(screen.getByLabelText('State'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Lagos']);
    expect(
      within(screen.getByLabelText('Country'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nigeria']);
    await user.type(screen.getByLabelText('Name'), 'Ajah');
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeChecked();
    const listCallsBefore = calls.filter(({ url }) => url.startsWith('/api/location/index')).length;
    await user.click(screen.getByRole('button', { name: 'Create location' }));

    await findToast('Action Successful', 'Location has been created successfully');
    expect(calls.find(({ url }) => url === '/api/location/store')?.body).toEqual({
      name: 'Ajah',
      state: 'lagos',
      country: 'nigeria',
      enabled: true,
      delivery_fee: 0,
      minimum_order: 0,
      delivery_windows: [],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Locations' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/locations');
    expect(calls.filter(({ url }) => url.startsWith('/api/location/index')).length).toBeGreaterThan(listCallsBefore);
  });

  it('shows the server’s field errors', async () => {
    stubAdmin(({ url }) =>
      url === '/api/location/store'
        ? jsonResponse(422, {
            message: 'The name has already been taken.',
            errors: { name: ['The name has already been taken.'] },
          })
        : undefined,
    );
    const { user } = renderApp('/admin/locations/create');
    await user.type(await screen.findByLabelText('Name'), 'Lekki');
    await user.click(screen.getByRole('button', { name: 'Create location' }));
    await findToast('Error!', 'The name has already been taken.');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('The name has already been taken.');
  });

  it('after a reload finds the location by walking the pages, then saves it', async () => {
    const { calls } = stubAdmin(({ url }) => {
      if (url.startsWith('/api/location/index?page=')) {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        const rows = page === 1 ? [lekki] : [ajah];
        return jsonResponse(200, { message: '', data: pageOf(rows, { current: page, last: 2 }) });
      }
      if (url === '/api/location/update') {
        return jsonResponse(200, {
          message: 'Location has been updated successfully',
          data: { ...ajah, enabled: true },
        });
      }
      return undefined;
    });
    const { user, router } = renderApp('/admin/locations/update?id=7');
    expect(await screen.findByLabelText('Name')).toHaveValue('Ajah');
    expect(calls.filter(({ url }) => url.startsWith('/api/location/index')).map(({ url }) => url)).toEqual([
      '/api/location/index?page=1&per_page=100',
      '/api/location/index?page=2&per_page=100',
    ]);
    const enabled = screen.getByRole('switch', { name: 'Enabled' });
    expect(enabled).not.toBeChecked();
    await user.click(enabled);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await findToast('Action Successful', 'Location has been updated successfully');
    expect(calls.find(({ url }) => url === '/api/location/update')?.body).toEqual({
      id: 7,
      name: 'Ajah',
      state: 'lagos',
      country: 'nigeria',
      enabled: true,
      delivery_fee: 0,
      minimum_order: 0,
      delivery_windows: [],
    });
    expect(router.state.location.pathname).toBe('/admin/locations');
  });

  it('shows why a location in use cannot be deleted', async () => {
    stubAdmin(({ url }) =>
      url === '/api/location/delete'
        ? jsonResponse(409, { message: '2 products are still priced at this location. Remove the prices first.' })
        : undefined,
    );
    const { user } = renderApp('/admin/locations');
    await user.click(await screen.findByRole('button', { name: 'Delete Lekki' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await findToast('Error!', '2 products are still priced at this location. Remove the prices first.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Locations' })).toHaveTextContent('Lekki');
  });

  it('deletes a location after confirming, says so, and drops it from the refreshed list', async () => {
    let deleted = false;
    const { calls } = stubAdmin(({ url }) => {
      if (url === '/api/location/delete') {
        deleted = true;
        return jsonResponse(200, { message: 'Location has been deleted successfully', data: null });
      }
      if (deleted && url.startsWith('/api/location/index'))
        return jsonResponse(200, { message: '', data: pageOf([lekki]) });
      return undefined;
    });
    const { user } = renderApp('/admin/locations');
    await user.click(await screen.findByRole('button', { name: 'Delete Ajah' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this location?' });
    expect(dialog).toHaveTextContent('Ajah will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await findToast('Action Successful', 'Location has been deleted successfully');
    expect(calls.filter(({ url }) => url === '/api/location/delete').map(({ method, body }) => [method, body])).toEqual(
      [['POST', { id: 7 }]],
    );
    const table = screen.getByRole('table', { name: 'Locations' });
    await waitFor(() => expect(table).not.toHaveTextContent('Ajah'));
    expect(table).toHaveTextContent('Lekki');
  });
});
