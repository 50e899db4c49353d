import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HeldWithdrawal } from '@ruwa/contract';
import { pageOf } from '@/testing/catalog-fixtures';
import { findToast, jsonResponse, renderApp, signIn } from '@/testing/render-app';
import { makeTransaction, makeWallet, ok, stubWalletApi } from '../testing/wallet-fixtures';

const held: HeldWithdrawal = {
  reference: 'WDR_HELD_1',
  amount: 25_000,
  destination: 'United Bank For Africa 0123456789 (ADA OBI)',
  reason: 'pin_reset',
  // 10:30 in Lagos (UTC+1), whatever the test machine's zone.
  held_until: '2026-12-03T09:30:00.000Z',
  created_at: '2026-12-02T09:30:00.000Z',
};
const heldLine = makeTransaction({
  id: 7,
  type: 'withdrawal',
  direction: 'debit',
  status: 'held',
  amount: 25_000,
  description: `Withdrawal to ${held.destination}`,
});

describe('held withdrawals on the wallet screen', () => {
  it('says one waiting for our team’s check has no end time, and why', async () => {
    signIn();
    const large: HeldWithdrawal = {
      ...held,
      reference: 'WDR_LARGE_2',
      amount: 750_000,
      reason: 'large_amount',
      held_until: null,
    };
    const other: HeldWithdrawal = { ...held, reference: 'WDR_NAME_3', reason: 'name_mismatch', held_until: null };
    stubWalletApi({
      'GET wallet/me': () => ok(makeWallet({ balance: 0, held_withdrawals: [large, other] })),
      'GET wallet-transactions/me': () => ok(pageOf([])),
    });
    renderApp('/wallet');
    const section = await screen.findByRole('region', { name: 'Held withdrawals' });
    const [first, second] = within(section).getAllByTestId('held-withdrawal');
    expect(first).toHaveTextContent('Waiting for our team to check it because it is a large amount.');
    expect(first).not.toHaveTextContent('Held until');
    expect(second).toHaveTextContent('because the bank account is not in your name');
  });

  it('shows why and until when each one waits, and cancels it back to the wallet after asking', async () => {
    signIn();
    let wallet = makeWallet({ balance: 5_000, held_withdrawals: [held] });
    let cancelled = false;
    const { calls } = stubWalletApi({
      'GET wallet/me': () => ok(wallet),
      'GET wallet-transactions/me': () => ok(pageOf([{ ...heldLine, status: cancelled ? 'cancelled' : 'held' }])),
      'POST wallet/withdrawals/cancel': () => {
        cancelled = true;
        wallet = { ...wallet, balance: 30_000, held_withdrawals: [] };
        return ok(
          {
            reference: held.reference,
            status: 'cancelled',
            hold_reason: 'pin_reset',
            held_until: held.held_until,
            wallet,
          },
          'Your withdrawal was cancelled and the money is back in your wallet.',
        );
      },
    });
    const { user } = renderApp('/wallet');

    const section = await screen.findByRole('region', { name: 'Held withdrawals' });
    const [item] = within(section).getAllByTestId('held-withdrawal');
    expect(item).toHaveTextContent('₦25,000');
    expect(item).toHaveTextContent(held.destination);
    expect(
      within(item!).getByText(/^Held until .*3 Dec 2026.* because your wallet PIN was reset\.$/),
    ).toHaveTextContent('10:30');
    const line = within(await screen.findByRole('list', { name: 'Wallet transactions' })).getByRole('listitem');
    expect(line).toHaveTextContent('Held');

    // Asked first: keeping it sends nothing.
    await user.click(within(item!).getByRole('button', { name: 'Cancel withdrawal' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel this withdrawal?' });
    expect(dialog).toHaveTextContent(
      '₦25,000 will go back to your wallet balance now, and nothing will be sent to the bank.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some(({ url }) => url.endsWith('/wallet/withdrawals/cancel'))).toBe(false);

    await user.click(within(item!).getByRole('button', { name: 'Cancel withdrawal' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    await findToast('Success', 'Your withdrawal was cancelled and the money is back in your wallet.');
    expect(calls.filter(({ url }) => url.endsWith('/wallet/withdrawals/cancel')).map(({ body }) => body)).toEqual([
      { reference: held.reference },
    ]);
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦30,000');
    expect(screen.queryByRole('region', { name: 'Held withdrawals' })).not.toBeInTheDocument();
    expect(
      await within(screen.getByRole('list', { name: 'Wallet transactions' })).findByText('Cancelled'),
    ).toBeInTheDocument();
  });

  it('says when it can no longer be cancelled because it was sent meanwhile', async () => {
    signIn();
    stubWalletApi(
      {
        'POST wallet/withdrawals/cancel': () =>
          jsonResponse(409, { message: 'This withdrawal is no longer held: it was sent to the bank or cancelled.' }),
      },
      { wallet: makeWallet({ held_withdrawals: [{ ...held, reason: 'new_bank_account' }] }) },
    );
    const { user } = renderApp('/wallet');
    const section = await screen.findByRole('region', { name: 'Held withdrawals' });
    expect(section).toHaveTextContent('because this bank account was added less than a day ago.');
    await user.click(within(section).getByRole('button', { name: 'Cancel withdrawal' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    await findToast('Error!', 'This withdrawal is no longer held: it was sent to the bank or cancelled.');
  });
});
