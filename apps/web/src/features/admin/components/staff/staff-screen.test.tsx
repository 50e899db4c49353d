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
const withStatus = (user: typeof owner) => ({ ...user, status: 'active' as const });

afterEach(() => vi.unstubAllGlobals());

describe('the Staff screen', () => {
  it('lists the admins and changes a role through the API', async () => {
    signIn(owner);
    let staff = [withStatus(owner), withStatus(clerk)];
    const { calls } = stubFetch(({ method, url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: owner });
      if (url === '/api/admin/staff') return jsonResponse(200, { message: '', data: staff });
      if (method === 'POST' && url === '/api/admin/staff/update-role') {
        staff = [withStatus(owner), withStatus({ ...clerk, staff_role: 'finance' })];
        return jsonResponse(200, { message: 'The staff role has been changed', data: staff[1] });
      }
      return undefined;
    });
    const { user } = renderApp('/admin/staff');
    const table = await screen.findByRole('table', { name: 'Staff' });
    expect(await within(table).findByText('Bola Owner (you)')).toBeInTheDocument();
    const select = within(table).getByRole('combobox', { name: 'Staff role of Tunde Clerk' });
    expect(select).toHaveValue('support');
    await user.selectOptions(select, 'finance');
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/admin/staff/update-role')?.body).toEqual({
        id: 2,
        staff_role: 'finance',
      }),
    );
    await waitFor(() => expect(select).toHaveValue('finance'));
  });
});
