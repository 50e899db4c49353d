import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const owner = makeUser({ id: 1, role: 'admin', first_name: 'Bola', last_name: 'Owner', email: 'bola@ruwa.local' });
const clerk = makeUser({
  id: 2,
  role: 'admin',
  staff_role: 'support',
  first_name: 'Tunde',
  last_name: 'Clerk',
  email: 'tunde@ruwa.local',
});

afterEach(() => vi.unstubAllGlobals());

describe('export buttons', () => {
  it('an owner downloads the customers of a period with the session token', { timeout: 15_000 }, async () => {
    signIn(owner);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: owner });
      if (url.startsWith('/api/admin/exports/customers.csv'))
        return new Response('order_id\r\n1\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } });
      return jsonResponse(200, {
        message: '',
        data: {
          current_page: 1,
          last_page: 1,
          per_page: 15,
          total: 0,
          prev_page_url: null,
          next_page_url: null,
          data: [],
        },
      });
    });
    const { user } = renderApp('/admin/customers');
    await user.click(await screen.findByRole('button', { name: 'Export customers' }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/admin/exports/customers.csv'))).toBe(true),
    );
    const call = calls.find((c) => c.url.startsWith('/api/admin/exports/customers.csv'))!;
    expect(call.url).toMatch(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
    expect(call.headers.get('authorization')).toBe('Bearer test-token');
    await waitFor(() => expect(save).toHaveBeenCalled());
    save.mockRestore();
  });

  it('support sees no export on the dashboard', async () => {
    signIn(clerk);
    stubFetch(({ url }) => (url === '/api/users/me' ? jsonResponse(200, { message: '', data: clerk }) : undefined));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Export as CSV' })).not.toBeInTheDocument();
  });

  it('finance sees the withdrawals and journals exports on the dashboard', async () => {
    const finance = { ...clerk, staff_role: 'finance' as const };
    signIn(finance);
    stubFetch(({ url }) => (url === '/api/users/me' ? jsonResponse(200, { message: '', data: finance }) : undefined));
    renderApp('/admin');
    const region = await screen.findByRole('region', { name: 'Export as CSV' });
    expect(
      within(region)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Export withdrawals', 'Export journals']);
  });
});
