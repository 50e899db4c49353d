import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';
import type { CustomerDetail } from '@ruwa/contract/replies';
import type { CustomerStatus } from '@ruwa/contract/replies';

function detail(status: CustomerStatus): CustomerDetail {
  return {
    user: { ...makeUser({ id: 42, first_name: 'Kemi', last_name: 'Adeyemi', email: 'kemi@example.com' }), status },
    wallet: {
      balance: 12_500,
      savings: 0,
      bank_details: [],
      pin_set: false,
      pin_locked_until: null,
      held_withdrawals: [],
    },
    ledger: {
      rows: [
        {
          id: 1,
          tx_id: 'dep-1',
          type: 'deposit',
          status: 'success',
          amount: 12_500,
          direction: 'credit',
          balance_after: 12_500,
          description: 'Wallet deposit',
          created_at: '2026-03-01T09:00:00.000Z',
          outcome: 'completed',
          refund: null,
        },
      ],
      total: 25,
    },
    orders: { rows: [], total: 0 },
    subscriptions: { rows: [], total: 0 },
    vtu: {
      rows: [
        {
          id: 9,
          kind: 'data',
          network: 'mtn',
          phone: '+2348031234567',
          amount: 339,
          bundle: 'MTN 1GB 30 days',
          status: 'delivered',
          payment_method: 'wallet',
          transaction_id: 'tx',
          request_id: 'rq',
          created_at: '2026-03-02T09:00:00.000Z',
          card_refund_available: false,
          card_refund: null,
        },
      ],
      total: 1,
    },
    referrals: { rows: [], total: 0 },
    tickets: {
      rows: [
        {
          id: 3,
          slug: 'RUWA-7KQ2',
          expiration_date: '2026-04-01',
          expirationDate: '2026-04-01',
          status: 'live',
          created_at: '',
        },
      ],
      total: 1,
    },
  };
}

function stubCustomer(status: CustomerStatus) {
  signIn({ role: 'admin' });
  let current = detail(status);
  const stub = stubFetch(({ url, method }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url === '/api/admin/customers/show?id=42') return jsonResponse(200, { message: '', data: current });
    if (method === 'POST' && url === '/api/admin/customers/suspend') {
      current = detail('suspended');
      return jsonResponse(200, { message: 'Customer has been suspended', data: current.user });
    }
    if (method === 'POST' && url === '/api/admin/customers/reactivate') {
      current = detail('active');
      return jsonResponse(200, { message: 'Customer has been reactivated', data: current.user });
    }
    if (method === 'POST' && url === '/api/admin/customers/send-reset') {
      return jsonResponse(200, { message: 'A password reset link has been sent', data: null });
    }
    return undefined;
  });
  return stub;
}

const posts = (calls: RecordedRequest[]) => calls.filter(({ method }) => method === 'POST');

describe('admin customer page', () => {
  it('says when the customer does not exist, or none was chosen, with the way back', async () => {
    signIn({ role: 'admin' });
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url === '/api/admin/customers/show?id=404') return jsonResponse(404, { message: 'Not found.' });
      return undefined;
    });
    const { router } = renderApp('/admin/customers/show?id=404');
    expect(await screen.findByText('This customer does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to customers' })).toBeInTheDocument();

    await router.navigate('/admin/customers/show');
    expect(await screen.findByText('No customer was chosen.')).toBeInTheDocument();
  });

  it('shows the profile, wallet and activity tabs', async () => {
    stubCustomer('active');
    const { user } = renderApp('/admin/customers/show?id=42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kemi Adeyemi' })).toBeInTheDocument();
    expect(screen.getByText('kemi@example.com')).toBeInTheDocument();
    expect(screen.getByText('08031234567')).toBeInTheDocument();
    expect(screen.getAllByText('(verified)')).toHaveLength(2);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Wallet' })).getByText('₦12,500')).toBeInTheDocument();

    const ledger = screen.getByRole('table', { name: 'Wallet ledger' });
    expect(within(ledger).getByText('Wallet deposit')).toBeInTheDocument();
    expect(within(ledger).getByText('+₦12,500')).toBeInTheDocument();
    expect(screen.getByText('Showing the latest 1 of 25.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Airtime & data' }));
    const vtu = screen.getByRole('table', { name: 'Airtime and data purchases' });
    expect(within(vtu).getByText('MTN 1GB 30 days')).toBeInTheDocument();
    expect(within(vtu).getByText('MTN')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(
      within(screen.getByRole('table', { name: 'Orders' })).getByText('There is no data available for this table'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Tickets' }));
    expect(within(screen.getByRole('table', { name: 'Raffle tickets' })).getByText('RUWA-7KQ2')).toBeInTheDocument();
  });

  it('asks before suspending, sends the note, and then offers Reactivate', async () => {
    const { calls } = stubCustomer('active');
    const { user } = renderApp('/admin/customers/show?id=42');
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));

    // A confirmation first: nothing is sent until it is confirmed, and Cancel sends nothing.
    let dialog = screen.getByRole('alertdialog', { name: 'Suspend Kemi Adeyemi?' });
    expect(dialog).toHaveAccessibleDescription(/signed out everywhere at once/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    dialog = screen.getByRole('alertdialog', { name: 'Suspend Kemi Adeyemi?' });
    const note = within(dialog).getByLabelText('Note (optional)');
    // A note longer than the contract allows (pasted past the box's limit) is refused at the field.
    fireEvent.change(note, { target: { value: 'x'.repeat(501) } });
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(note).toHaveAccessibleDescription('The note may not be longer than 500 characters.');
    expect(posts(calls)).toHaveLength(0);
    await user.clear(note);
    await user.type(note, '  Chargeback fraud  ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    await findToast('Success', 'Customer has been suspended');
    expect(posts(calls).map(({ url, body }) => [url, body])).toEqual([
      ['/api/admin/customers/suspend', { id: 42, note: 'Chargeback fraud' }],
    ]);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    // A suspended account cannot be sent a reset link (the API answers 409).
    expect(screen.getByRole('button', { name: 'Resend password reset e-mail' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    dialog = screen.getByRole('alertdialog', { name: 'Reactivate Kemi Adeyemi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    await findToast('Success', 'Customer has been reactivated');
    expect(posts(calls).at(-1)).toMatchObject({ url: '/api/admin/customers/reactivate', body: { id: 42 } });
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });

  it('resends the password-reset e-mail', async () => {
    const { calls } = stubCustomer('active');
    const { user } = renderApp('/admin/customers/show?id=42');
    await user.click(await screen.findByRole('button', { name: 'Resend password reset e-mail' }));
    await findToast('Success', 'A password reset link has been sent');
    expect(posts(calls)).toMatchObject([{ url: '/api/admin/customers/send-reset', body: { id: 42 } }]);
  });
});
