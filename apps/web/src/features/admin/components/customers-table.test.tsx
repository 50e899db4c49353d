import { screen, within } from '@testing-library/react';
import type { Page, User } from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

function page(current: number, last: number, users: User[]): Page<User> {
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

const pages: Record<string, Page<User>> = {
  '1': page(1, 2, [
    makeUser({ id: 1, first_name: 'Ada' }),
    makeUser({ id: 2, first_name: 'Bola', email: 'bola@ruwa.local' }),
  ]),
  '2': page(2, 2, [makeUser({ id: 3, first_name: 'Chidi', email: 'chidi@ruwa.local' })]),
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
    const { user } = renderApp('/admin');

    expect(await screen.findByText('Fetching available data for this table')).toBeInTheDocument();
    first.resolve(jsonResponse(200, { message: '', data: pages['1'] }));
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(await within(table).findByText('Ada Obi')).toBeInTheDocument();
    expect(within(table).getByText('bola@ruwa.local')).toBeInTheDocument();
    expect(within(table).getAllByText('08031234567')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Chidi Obi')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    // Row numbers continue from the previous page.
    expect(within(screen.getByRole('table')).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.some(({ url }) => url === '/api/admin/customers?page=2')).toBe(true);

    await user.type(screen.getByLabelText('Search customers'), 'chi');
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/admin/customers?page=1&search=chi');
    expect(calls.filter(({ url }) => url.includes('search=c')).map(({ url }) => url)).toEqual([
      '/api/admin/customers?page=1&search=chi',
    ]);
  });

  it('says when there is nothing to show', async () => {
    signIn({ role: 'admin' });
    stubFetch(({ url }) =>
      url === '/api/users/me'
        ? jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) })
        : jsonResponse(200, { message: '', data: page(1, 1, []) }),
    );
    renderApp('/admin');
    expect(await screen.findByText('There is no data available for this table')).toBeInTheDocument();
  });
});
