import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageOf } from '@/testing/catalog-fixtures';
import { findToast, jsonResponse, renderApp, signIn } from '@/testing/render-app';
import { makeTransaction, makeWallet, ok, stubWalletApi, virtualAccount } from '../testing/wallet-fixtures';

const transactions = [
  makeTransaction({
    id: 3,
    type: 'withdrawal',
    direction: 'debit',
    status: 'pending',
    amount: 300,
    description: 'Withdrawal to UBA 0123456789 (ADA OBI)',
  }),
  makeTransaction({
    id: 2,
    type: 'savings',
    direction: 'debit',
    status: 'success',
    amount: 100.5,
    description: 'Moved to savings',
  }),
  makeTransaction({ id: 1, type: 'deposit', direction: 'credit', status: 'success', amount: 1000 }),
];

describe('wallet screen', () => {
  it('shows the balances, the actions and the transactions, with a Wallet tab last', async () => {
    signIn();
    stubWalletApi(
      { 'GET wallet-transactions/me': () => ok(pageOf(transactions)) },
      { wallet: makeWallet({ balance: 599.5, savings: 100.5 }) },
    );
    renderApp('/wallet');

    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦599.50');
    expect(screen.getByTestId('savings-balance')).toHaveTextContent('₦100.50');
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();

    const actions = screen.getByRole('navigation', { name: 'Wallet actions' });
    expect(within(actions).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/wallet/deposit');
    expect(within(actions).getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/wallet/withdraw');
    expect(within(actions).getByRole('button', { name: 'Savings' })).toBeInTheDocument();
    expect(within(actions).getByRole('link', { name: 'Rewards' })).toHaveAttribute('href', '/wallet/rewards');

    // Home, Notification, Profile, Wallet; Wallet is the last tab.
    const tabs = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    const labels = tabs.map((tab) => tab.textContent);
    expect(labels.at(-1)).toBe('Wallet');
    expect(labels.indexOf('Home')).toBe(0);
    expect(labels.indexOf('Profile')).toBe(labels.length - 2);
    expect(tabs.at(-1)).toHaveAttribute('href', '/wallet');
    expect(tabs.at(-1)).toHaveAttribute('aria-current', 'page');

    const rows = within(await screen.findByRole('list', { name: 'Wallet transactions' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Withdrawal');
    expect(rows[0]).toHaveTextContent('Debit -₦300');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[1]).toHaveTextContent('Savings');
    expect(rows[1]).toHaveTextContent('-₦100.50');
    expect(rows[2]).toHaveTextContent('Deposit');
    expect(rows[2]).toHaveTextContent('Credit +₦1,000');
    expect(rows[2]).toHaveTextContent('Successful');
    // Lagos time (UTC+1), whatever the test machine's zone.
    expect(within(rows[2]!).getByText(/3 Feb 2026/)).toHaveTextContent(/10:30/);
    expect(screen.queryByRole('navigation', { name: 'Transaction pages' })).not.toBeInTheDocument();
  });

  it('shows the bank account that funds the wallet by transfer, with a copy button', async () => {
    signIn();
    stubWalletApi();
    const { user } = renderApp('/wallet');
    const card = await screen.findByRole('region', { name: 'Fund by bank transfer' });
    expect(await within(card).findByTestId('transfer-account-number')).toHaveTextContent(virtualAccount.account_number);
    expect(card).toHaveTextContent(virtualAccount.bank_name);
    expect(card).toHaveTextContent(virtualAccount.account_name);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(card).getByRole('button', { name: 'Copy account number' }));
    expect(writeText).toHaveBeenCalledWith(virtualAccount.account_number);
    expect(await within(card).findByText('Copied')).toBeInTheDocument();
  });

  it('asks a customer whose phone is not verified to verify it, and asks the server for no account', async () => {
    signIn({ phone_verified: false });
    const { calls } = stubWalletApi();
    renderApp('/wallet');
    const card = await screen.findByRole('region', { name: 'Fund by bank transfer' });
    expect(card).toHaveTextContent('Verify your phone number to get a bank account for transfers');
    expect(within(card).getByRole('link', { name: 'Verify phone number' })).toBeInTheDocument();
    expect(calls.some(({ url }) => url.includes('virtual-account'))).toBe(false);
  });

  it("says 'No data yet' when there are no transactions", async () => {
    signIn();
    stubWalletApi();
    renderApp('/wallet');
    expect(await screen.findByText('No data yet')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦2,500');
  });

  it('pages forward and back to the right pages', async () => {
    signIn();
    const { calls } = stubWalletApi({
      'GET wallet-transactions/me': ({ url }) => {
        const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
        const rows = [makeTransaction({ id: page, description: `Entry on page ${page}` })];
        return ok(pageOf(rows, { current: page, last: 3, path: '/api/wallet-transactions/me' }));
      },
    });
    const { user, router } = renderApp('/wallet?page=2');
    const pager = await screen.findByRole('navigation', { name: 'Transaction pages' });
    expect(await screen.findByText('Entry on page 2')).toBeInTheDocument();
    expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Entry on page 3')).toBeInTheDocument();
    expect(within(pager).getByText('Page 3 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Entry on page 2')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Entry on page 1')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(router.state.location.search).toBe('');

    const pages = calls
      .filter(({ url }) => url.includes('wallet-transactions/me'))
      .map(({ url }) => new URL(url, 'http://localhost').searchParams.get('page'));
    expect(pages).toEqual(['2', '3', '2', '1']);
  });

  it('moves money into savings and back from the Savings action', async () => {
    signIn();
    let wallet = makeWallet({ balance: 1000, savings: 0 });
    const { calls } = stubWalletApi({
      'GET wallet/me': () => ok(wallet),
      'POST wallet/savings/deposit': ({ body }) => {
        const { amount } = body as { amount: number };
        wallet = { ...wallet, balance: wallet.balance - amount, savings: wallet.savings + amount };
        return ok(wallet, 'Moved to savings');
      },
      'POST wallet/savings/withdraw': () =>
        jsonResponse(422, {
          message: 'You do not have that much in savings.',
          errors: { amount: ['You do not have that much in savings.'] },
        }),
    });
    const { user } = renderApp('/wallet');
    await screen.findByText('No data yet');

    await user.click(screen.getByRole('button', { name: 'Savings' }));
    let dialog = await screen.findByRole('dialog', { name: 'Savings' });
    expect(within(dialog).getByText('Wallet balance').nextElementSibling).toHaveTextContent('₦1,000');
    expect(within(dialog).getByText('Savings balance').nextElementSibling).toHaveTextContent('₦0');

    const amount = within(dialog).getByLabelText('Amount');
    await user.type(amount, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Move to savings' }));
    expect(amount).toHaveAccessibleDescription('You do not have that much in your wallet.');

    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Move to savings' }));
    await findToast('Success', 'Moved to savings');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('wallet-balance')).toHaveTextContent('₦900');
    expect(screen.getByTestId('savings-balance')).toHaveTextContent('₦100');
    expect(calls.find(({ url }) => url.endsWith('/wallet/savings/deposit'))?.body).toEqual({ amount: 100 });

    // Back to the wallet: a refusal from the server shows under the amount.
    await user.click(screen.getByRole('button', { name: 'Savings' }));
    dialog = await screen.findByRole('dialog', { name: 'Savings' });
    await user.click(within(dialog).getByRole('tab', { name: 'Move to wallet' }));
    const back = within(dialog).getByLabelText('Amount');
    await user.type(back, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Move to wallet' }));
    await findToast('Error!', 'You do not have that much in savings.');
    expect(back).toHaveAccessibleDescription('You do not have that much in savings.');
  });
});
