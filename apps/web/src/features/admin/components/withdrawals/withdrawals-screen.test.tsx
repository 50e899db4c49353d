import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminWithdrawal, StuckCardRefund, WalletCreditRequest } from '@ruwa/contract';
import { pageOf } from '@/testing/catalog-fixtures';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const held: AdminWithdrawal = {
  id: 9,
  reference: 'WDR_HELD_9',
  customer: { id: 42, name: 'Kemi Adeyemi', email: 'kemi@example.com', phone_number: '+2348031234567' },
  amount: 25_000,
  destination: 'United Bank For Africa 0123456789 (KEMI ADEYEMI)',
  status: 'held',
  hold_reason: 'pin_reset',
  // 10:30 in Lagos.
  held_until: '2026-12-03T09:30:00.000Z',
  released_at: null,
  released_by: null,
  needs_approval: false,
  created_at: '2026-12-02T09:30:00.000Z',
};

const large: AdminWithdrawal = {
  ...held,
  id: 10,
  reference: 'WDR_LARGE_10',
  customer: { id: 43, name: 'Tunde Bello', email: 'tunde@example.com', phone_number: '+2348039876543' },
  amount: 750_000,
  hold_reason: 'large_amount',
  held_until: null,
  needs_approval: true,
};

let stuckRefunds: StuckCardRefund[] = [];

function stubAdmin(release: () => Response, rows: AdminWithdrawal[] = [held], credits: WalletCreditRequest[] = []) {
  signIn({ role: 'admin' });
  let list = rows;
  let pendingCredits = credits;
  const refunds = stuckRefunds;
  return stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (path === '/api/admin/reconciliation/card-refunds')
      return jsonResponse(200, { message: '', data: pageOf(refunds) });
    if (path === '/api/admin/wallet-adjustments')
      return jsonResponse(200, { message: '', data: pageOf(pendingCredits) });
    if (path === '/api/admin/wallet-adjustments/approve') {
      const answer = release();
      pendingCredits = [];
      return answer;
    }
    if (path === '/api/admin/withdrawals') return jsonResponse(200, { message: '', data: pageOf(list) });
    if (path === '/api/admin/withdrawals/approve') {
      const answer = release();
      list = [];
      return answer;
    }
    return undefined;
  });
}

describe('admin withdrawals', () => {
  it('lists customer, amount, reason and time, and releases one only after the admin confirms', async () => {
    const { calls } = stubAdmin(() =>
      jsonResponse(200, {
        message: 'The withdrawal was released and is on its way to the bank.',
        data: { ...held, status: 'pending', released_at: '2026-12-02T10:00:00.000Z' },
      }),
    );
    const { user } = renderApp('/admin/withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    const row = (await within(table).findByText('Kemi Adeyemi')).closest('tr')!;
    expect(row).toHaveTextContent('+2348031234567');
    expect(row).toHaveTextContent('₦25,000');
    expect(row).toHaveTextContent('Wallet PIN reset');
    expect(row).toHaveTextContent(/3 Dec 2026.*10:30/);
    expect(calls.find(({ url }) => url.startsWith('/api/admin/withdrawals?'))?.url).toContain('status=held');

    const releaseButton = within(row).getByRole('button', {
      name: 'Release the withdrawal of ₦25,000 by Kemi Adeyemi',
    });
    await user.click(releaseButton);
    let dialog = await screen.findByRole('alertdialog', { name: 'Release this withdrawal?' });
    expect(dialog).toHaveTextContent('Call Kemi Adeyemi on +2348031234567 first to make sure they asked for it.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it held' }));
    expect(calls.some(({ url }) => url.endsWith('/admin/withdrawals/approve'))).toBe(false);

    await user.click(releaseButton);
    dialog = await screen.findByRole('alertdialog', { name: 'Release this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release now' }));
    await findToast('Success', 'The withdrawal was released and is on its way to the bank.');
    expect(calls.filter(({ url }) => url.endsWith('/admin/withdrawals/approve')).map(({ body }) => body)).toEqual([
      { reference: held.reference },
    ]);
    expect(await within(table).findByText('There is no data available for this table')).toBeInTheDocument();
  });

  it('says so when the customer cancelled it meanwhile', async () => {
    stubAdmin(() =>
      jsonResponse(409, { message: 'This withdrawal is no longer held: it was sent to the bank or cancelled.' }),
    );
    const { user } = renderApp('/admin/withdrawals');
    await user.click(await screen.findByRole('button', { name: /^Release the withdrawal/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Release this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release now' }));
    await findToast('Error!', 'This withdrawal is no longer held: it was sent to the bank or cancelled.');
  });
});

describe('admin withdrawals: approval, search and status', () => {
  it('a large one waits until approved, and is approved after the admin confirms', async () => {
    const { calls } = stubAdmin(
      () =>
        jsonResponse(200, {
          message: 'The withdrawal was approved and is on its way to the bank.',
          data: { ...large, status: 'pending', released_at: '2026-12-02T10:00:00.000Z', released_by: 1 },
        }),
      [large, held],
    );
    const { user } = renderApp('/admin/withdrawals');
    const table = await screen.findByRole('table', { name: 'Withdrawals' });
    const row = (await within(table).findByText('Tunde Bello')).closest('tr')!;
    expect(row).toHaveTextContent('Large amount');
    expect(row).toHaveTextContent('Until approved');
    await user.click(within(row).getByRole('button', { name: 'Approve the withdrawal of ₦750,000 by Tunde Bello' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));
    await findToast('Success', 'The withdrawal was approved and is on its way to the bank.');
    expect(calls.filter(({ url }) => url.endsWith('/admin/withdrawals/approve')).map(({ body }) => body)).toEqual([
      { reference: large.reference },
    ]);
  });

  it('searches by reference, e-mail or phone and filters by status, all statuses too', async () => {
    const { calls } = stubAdmin(() => jsonResponse(500, {}), [held]);
    const { user } = renderApp('/admin/withdrawals');
    await screen.findByRole('table', { name: 'Withdrawals' });
    const listCalls = () =>
      calls
        .filter(({ url }) => url.startsWith('/api/admin/withdrawals?'))
        .map(({ url }) => new URL(url, 'http://localhost').searchParams);

    await user.type(screen.getByRole('searchbox', { name: 'Search withdrawals' }), 'kemi@example.com');
    await waitFor(() => expect(listCalls().at(-1)?.get('q')).toBe('kemi@example.com'));
    expect(listCalls().at(-1)?.get('status')).toBe('held');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await waitFor(() => expect(listCalls().at(-1)?.has('status')).toBe(false));
    expect(listCalls().at(-1)?.get('q')).toBe('kemi@example.com');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed, back in wallet');
    await waitFor(() => expect(listCalls().at(-1)?.get('status')).toBe('reversed'));
  });

  it('lists card refunds not paid out under the withdrawals, to ask Paystack again', async () => {
    stuckRefunds = [
      {
        id: 5,
        order_id: 77,
        vtu_purchase_id: null,
        transaction_reference: 'PSK_REFUND_77',
        amount: 4_200,
        status: 'requested',
        attempts: 10,
        gave_up: true,
        last_error: 'Transaction has been fully reversed',
        requested_at: '2026-12-02T09:30:00.000Z',
        created_at: '2026-12-02T09:00:00.000Z',
      },
    ];
    try {
      stubAdmin(() => jsonResponse(500, {}));
      renderApp('/admin/withdrawals');
      const table = await screen.findByRole('table', { name: 'Card refunds not paid out' });
      expect(await within(table).findByText('Transaction has been fully reversed')).toBeInTheDocument();
    } finally {
      stuckRefunds = [];
    }
  });

  it('is in the admin menu as Withdrawals', async () => {
    stubAdmin(() => jsonResponse(500, {}));
    renderApp('/admin/withdrawals');
    expect(await screen.findByRole('link', { name: 'Withdrawals' })).toHaveAttribute('href', '/admin/withdrawals');
  });
});

describe('admin withdrawals: support credits waiting for a second admin', () => {
  const credit: WalletCreditRequest = {
    reference: '6f1c2b9e-2f4a-4b8e-9d3a-1c2b3d4e5f60',
    status: 'pending',
    customer: { id: 42, name: 'Kemi Adeyemi', email: 'kemi@example.com' },
    amount: 150_000,
    reason: 'Refund for a lost cylinder',
    requested_by: 7,
    approved_by: null,
    created_at: '2026-12-02T09:30:00.000Z',
    approved_at: null,
  };

  it('lists them and approves one after the admin confirms; none, no section', async () => {
    const { calls } = stubAdmin(
      () =>
        jsonResponse(200, {
          message: 'The credit was approved and the wallet credited',
          data: { ...credit, status: 'approved', approved_by: 1, approved_at: '2026-12-02T10:00:00.000Z' },
        }),
      [],
      [credit],
    );
    const { user } = renderApp('/admin/withdrawals');
    const section = await screen.findByRole('region', { name: 'Wallet credits to approve' });
    expect(section).toHaveTextContent('₦150,000 to Kemi Adeyemi');
    expect(section).toHaveTextContent('Refund for a lost cylinder');
    await user.click(within(section).getByRole('button', { name: 'Approve the credit of ₦150,000 to Kemi Adeyemi' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this credit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    await findToast('Success', 'The credit was approved and the wallet credited');
    expect(
      calls.filter(({ url }) => url.endsWith('/admin/wallet-adjustments/approve')).map(({ body }) => body),
    ).toEqual([{ reference: credit.reference }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Wallet credits to approve' })).toBeNull());
  });

  it('says why when the admin who asked tries to approve it', async () => {
    stubAdmin(
      () =>
        jsonResponse(403, {
          message: 'Another admin must approve this credit: you asked for it.',
          code: 'second_admin_required',
        }),
      [],
      [credit],
    );
    const { user } = renderApp('/admin/withdrawals');
    const section = await screen.findByRole('region', { name: 'Wallet credits to approve' });
    await user.click(within(section).getByRole('button', { name: /^Approve the credit/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Approve this credit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    await findToast('Error!', 'Another admin must approve this credit: you asked for it.');
    // Still signed in, still on the screen.
    expect(screen.getByRole('heading', { name: 'Withdrawals' })).toBeInTheDocument();
  });
});
