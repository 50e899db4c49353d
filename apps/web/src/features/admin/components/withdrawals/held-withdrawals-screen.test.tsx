import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '@ruwa/contract';
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
  created_at: '2026-12-02T09:30:00.000Z',
};

function stubAdmin(release: () => Response) {
  signIn({ role: 'admin' });
  let list = [held];
  return stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (path === '/api/admin/withdrawals') return jsonResponse(200, { message: '', data: pageOf(list) });
    if (path === '/api/admin/withdrawals/release') {
      const answer = release();
      list = [];
      return answer;
    }
    return undefined;
  });
}

describe('admin held withdrawals', () => {
  it('lists customer, amount, reason and time, and releases one only after the admin confirms', async () => {
    const { calls } = stubAdmin(() =>
      jsonResponse(200, {
        message: 'The withdrawal was released and is on its way to the bank.',
        data: { ...held, status: 'pending', released_at: '2026-12-02T10:00:00.000Z' },
      }),
    );
    const { user } = renderApp('/admin/withdrawals');
    const table = await screen.findByRole('table', { name: 'Held withdrawals' });
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
    expect(calls.some(({ url }) => url.endsWith('/admin/withdrawals/release'))).toBe(false);

    await user.click(releaseButton);
    dialog = await screen.findByRole('alertdialog', { name: 'Release this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Release now' }));
    await findToast('Success', 'The withdrawal was released and is on its way to the bank.');
    expect(calls.filter(({ url }) => url.endsWith('/admin/withdrawals/release')).map(({ body }) => body)).toEqual([
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
