import { screen, within } from '@testing-library/react';
import type { Page } from '@ruwa/contract';
import type { Customer } from '@ruwa/contract/replies';
import { describe, expect, it } from 'vitest';
import { deferred, findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

function page(current: number, last: number, users: Customer[]): Page<Customer> {
  return {
    current_page: current,
    last_page: last,
    per_page: 2,
    total: last * 2,
    prev_page_url: current > 1 ? `/api/admin/customers?page=${current - 1}` : null,
    next_page_url: current < last ? `/api/admin/customers?page=${current + 1}` : null,
    data: users,
  };
}

const customer = (overrides: Partial<Customer>): Customer => ({
  ...makeUser(overrides),
  status: 'active',
  ...overrides,
});

const pages: Record<string, Page<Customer>> = {
  '1': page(1, 2, [
    customer({ id: 1, first_name: 'Ada' }),
    customer({ id: 2, first_name: 'Bola', email: 'bola@ruwa.local', status: 'suspended' }),
  ]),
  '2': page(2, 2, [customer({ id: 3, first_name: 'Chidi', email: 'chidi@ruwa.local' })]),
};

describe('admin customers table', () => {
  it('shows the loading message, then rows, and pages with previous/next', async () => {
    signIn({ role: 'admin' });
    const first = deferred<Response>();
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      const params = new URL(url, 'http://x').searchParams;
      if (params.get('search') === 'chi') return jsonResponse(200, { message: '', data: page(1, 1, pages['2']!.data) });
      if (params.get('page') === '1') return first.promise;
      return jsonResponse(200, { message: '', data: pages[params.get('page') ?? ''] });
    });
    const { user } = renderApp('/admin/customers');

    expect(await screen.findByText('Fetching available data for this table')).toBeInTheDocument();
    first.resolve(jsonResponse(200, { message: '', data: pages['1'] }));
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(await within(table).findByText('Ada Obi')).toBeInTheDocument();
    expect(within(table).getByText('bola@ruwa.local')).toBeInTheDocument();
    expect(within(table).getAllByText('08031234567')).toHaveLength(2);
    expect(within(within(table).getByText('Bola Obi').closest('tr')!).getByText('Suspended')).toBeInTheDocument();
    expect(within(within(table).getByText('Ada Obi').closest('tr')!).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Chidi Obi')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    // Row numbers continue from the previous page.
    expect(within(screen.getByRole('table')).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.some(({ url }) => url === '/api/admin/customers?page=2')).toBe(true);
  });

  it('debounces the search, starts it at page 1 and keeps it in the address', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      const params = new URL(url, 'http://x').searchParams;
      if (params.get('search') === 'chi') return jsonResponse(200, { message: '', data: page(1, 1, pages['2']!.data) });
      return jsonResponse(200, { message: '', data: pages[params.get('page') ?? ''] });
    });
    const { user, router } = renderApp('/admin/customers?page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();

    // Typing is debounced: one request for the whole word, none for 'c' or 'ch'; back to page 1.
    await user.type(screen.getByLabelText('Search customers'), 'chi');
    expect(screen.getByLabelText('Search customers')).toHaveValue('chi');
    expect(calls.filter(({ url }) => url.includes('search='))).toHaveLength(0);
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/admin/customers?page=1&search=chi');
    expect(calls.filter(({ url }) => url.includes('search=c')).map(({ url }) => url)).toEqual([
      '/api/admin/customers?page=1&search=chi',
    ]);
    expect(router.state.location.search).toBe('?search=chi');
  });

  it('says when there is nothing to show', async () => {
    signIn({ role: 'admin' });
    stubFetch(({ url }) =>
      url === '/api/users/me'
        ? jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) })
        : jsonResponse(200, { message: '', data: page(1, 1, []) }),
    );
    renderApp('/admin/customers');
    expect(await screen.findByText('There is no data available for this table')).toBeInTheDocument();
  });

  it('opens a customer from their row and comes back to the same search', async () => {
    signIn({ role: 'admin' });
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url.startsWith('/api/admin/customers/show')) return jsonResponse(404, { message: 'User not found' });
      return jsonResponse(200, { message: '', data: page(1, 1, pages['2']!.data) });
    });
    const { user, router } = renderApp('/admin/customers?search=chi');
    expect(await screen.findByLabelText('Search customers')).toHaveValue('chi');
    await user.click(await screen.findByText('Chidi Obi'));
    await findToast('Error!', 'User not found');
    expect(await screen.findByText('This customer does not exist.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/customers/show');
    expect(router.state.location.search).toBe('?id=3');

    await user.click(screen.getByRole('link', { name: 'Back to customers' }));
    expect(router.state.location.search).toBe('?search=chi');
    expect(await screen.findByText('Chidi Obi')).toBeInTheDocument();
  });
});
