import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@ruwa/contract/staff-roles';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { navItemsFor } from './admin-shell';

const emptyPage = {
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: 0,
  prev_page_url: null,
  next_page_url: null,
  data: [],
};

const labelsFor = (role: StaffRole) => navItemsFor(role).map((item) => item.label);

describe('the admin sidebar by staff role', () => {
  it('shows each role only the screens its calls are allowed on', () => {
    expect(labelsFor('owner')).toContain('Staff');
    expect(labelsFor('owner')).toHaveLength(18);
    expect(labelsFor('finance')).toEqual([
      'Dashboard',
      'Notifications',
      'Customers',
      'Withdrawals',
      'Ledger',
      'Profit and loss',
      'Reconciliation',
    ]);
    expect(labelsFor('support')).toEqual(['Dashboard', 'Orders', 'Notifications', 'Customers', 'Support']);
    expect(labelsFor('dispatcher')).toEqual(['Dashboard', 'Locations', 'Orders', 'Agents', 'Notifications']);
  });

  it('a dispatcher signed in sees their entries and no Settings, Staff or Ledger', async () => {
    signIn({ role: 'admin', staff_role: 'dispatcher' });
    stubFetch(({ url }) => {
      if (url === '/api/users/me')
        return jsonResponse(200, { message: '', data: makeUser({ role: 'admin', staff_role: 'dispatcher' }) });
      return jsonResponse(200, { message: '', data: emptyPage });
    });
    renderApp('/admin/orders');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Dashboard', 'Locations', 'Orders', 'Agents', 'Notifications']);
    // The orders export is finance's: the dispatcher's Orders screen has no export buttons.
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export orders' })).not.toBeInTheDocument();
  });
});
