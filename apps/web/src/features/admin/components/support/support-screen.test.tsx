import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSupportCase } from '@ruwa/contract';
import { pageOf } from '@/testing/catalog-fixtures';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const reported: AdminSupportCase = {
  id: 5,
  reference: 'ORD-41',
  reference_kind: 'order',
  reference_id: 41,
  status: 'open',
  customer: { id: 42, name: 'Kemi Adeyemi', email: 'kemi@example.com', phone_number: '+2348031234567' },
  created_at: '2026-12-02T09:30:00.000Z',
  updated_at: '2026-12-02T09:30:00.000Z',
  entries: [
    {
      id: 1,
      kind: 'message',
      body: 'Only half of the water came.',
      author: { id: 42, name: 'Kemi Adeyemi' },
      created_at: '2026-12-02T09:30:00.000Z',
    },
  ],
};

function stubSupport() {
  signIn({ role: 'admin' });
  let current = reported;
  return stubFetch(({ url, method, body }) => {
    const address = new URL(url, 'http://localhost');
    if (address.pathname === '/api/users/me')
      return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (address.pathname === '/api/admin/support/cases') {
      const status = address.searchParams.get('status');
      return jsonResponse(200, { message: '', data: pageOf(!status || status === current.status ? [current] : []) });
    }
    if (address.pathname === '/api/admin/support/cases/show') return jsonResponse(200, { message: '', data: current });
    if (method === 'POST' && address.pathname === '/api/admin/support/cases/reply') {
      const { message } = body as { message: string };
      current = {
        ...current,
        entries: [
          ...current.entries,
          { id: 2, kind: 'reply', body: message, author: { id: 1, name: 'Ada Admin' }, created_at: current.created_at },
        ],
      };
      return jsonResponse(200, { message: 'Your reply has been sent to the customer', data: current });
    }
    if (method === 'POST' && address.pathname === '/api/admin/support/cases/update-status') {
      current = { ...current, status: (body as { status: AdminSupportCase['status'] }).status };
      return jsonResponse(200, { message: 'The case status has been updated', data: current });
    }
    return undefined;
  });
}

describe('admin support', () => {
  it('lists open cases, opens one with its customer and order, replies and resolves it', async () => {
    const { calls } = stubSupport();
    const { user } = renderApp('/admin/support');
    const table = await screen.findByRole('table', { name: 'Support cases' });
    expect(await within(table).findByText('Only half of the water came.')).toBeInTheDocument();
    expect(calls.some(({ url }) => url.includes('/api/admin/support/cases?status=open'))).toBe(true);

    await user.click(within(table).getByText('ORD-41'));
    expect(await screen.findByRole('heading', { name: 'Case #5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ORD-41' })).toHaveAttribute('href', '/admin/orders?id=41');
    expect(screen.getByRole('link', { name: 'Kemi Adeyemi' })).toHaveAttribute('href', '/admin/customers/show?id=42');

    await user.type(screen.getByLabelText('Reply'), 'A new delivery is on its way today.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await findToast('Success', 'Your reply has been sent to the customer');
    expect(calls.find(({ url }) => url === '/api/admin/support/cases/reply')?.body).toEqual({
      id: 5,
      message: 'A new delivery is on its way today.',
    });
    expect(await screen.findByText('A new delivery is on its way today.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Case status'), 'resolved');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    await findToast('Success', 'The case status has been updated');
    expect(calls.find(({ url }) => url === '/api/admin/support/cases/update-status')?.body).toEqual({
      id: 5,
      status: 'resolved',
    });
  });
});
