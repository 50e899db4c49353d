import { act, screen, within } from '@testing-library/react';
import { lagosDay } from '@ruwa/contract/dates';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@/testing/catalog-fixtures';
import { renderApp, signIn, type RecordedRequest } from '@/testing/render-app';
import { makeTransaction, ok, stubWalletApi } from '../testing/wallet-fixtures';

const PHONE_DESCRIPTION = 'Airtime: MTN ₦150 for 08030000000';

const refusedPurchase = makeTransaction({
  id: 2,
  tx_id: 'TX_PURCHASE',
  type: 'purchase',
  direction: 'debit',
  status: 'success',
  amount: 150,
  description: PHONE_DESCRIPTION,
  outcome: 'refunded',
  refund: { tx_id: 'TX_REFUND', amount: 150, created_at: '2026-02-03T09:31:00.000Z' },
});
const refund = makeTransaction({
  id: 3,
  tx_id: 'TX_REFUND',
  type: 'refund',
  amount: 150,
  description: 'Refund: airtime for 08030000000 failed',
});
const pendingPurchase = makeTransaction({
  id: 4,
  tx_id: 'TX_PENDING',
  type: 'purchase',
  direction: 'debit',
  amount: 200,
  outcome: 'pending',
});

const transactionQueries = (calls: RecordedRequest[]) =>
  calls
    .filter(({ url }) => url.includes('wallet-transactions/me'))
    .map(({ url }) => Object.fromEntries(new URL(url, 'http://localhost').searchParams));

const rowsOnScreen = async () =>
  within(await screen.findByRole('list', { name: 'Wallet transactions' })).getAllByTestId('wallet-transaction');

describe('wallet history rows', () => {
  it('says a refused purchase was refunded, not successful, and points at its refund', async () => {
    signIn();
    stubWalletApi({ 'GET wallet-transactions/me': () => ok(pageOf([refund, refusedPurchase, pendingPurchase])) });
    renderApp('/wallet');
    const [refundRow, purchaseRow, pendingRow] = await rowsOnScreen();

    expect(purchaseRow).toHaveTextContent('Refunded');
    expect(purchaseRow).not.toHaveTextContent('Successful');
    expect(within(purchaseRow!).getByText('Refunded')).toHaveAttribute('data-tone', 'refunded');
    expect(within(purchaseRow!).getByText('Refunded').className).not.toMatch(/green/);
    expect(purchaseRow).toHaveTextContent('₦150 refunded to your wallet on 3 Feb 2026');
    expect(within(purchaseRow!).getByRole('link', { name: 'See the refund' })).toHaveAttribute(
      'href',
      '/receipts/TX_REFUND',
    );
    expect(pendingRow).toHaveTextContent('Pending');
    expect(refundRow).toHaveTextContent('Successful');
  });

  it('opens each row’s receipt: the whole row is one link to /receipts/<TX id>', async () => {
    signIn();
    stubWalletApi({ 'GET wallet-transactions/me': () => ok(pageOf([refund, refusedPurchase])) });
    renderApp('/wallet');
    const [refundRow, purchaseRow] = await rowsOnScreen();
    const [rowLink] = within(purchaseRow!).getAllByRole('link');
    expect(rowLink).toHaveAttribute('href', '/receipts/TX_PURCHASE');
    // The row's texts are inside the link, so a tap anywhere on it (or Enter) opens the receipt.
    expect(rowLink).toHaveTextContent('Purchase');
    expect(rowLink).toHaveTextContent('Debit -₦150');
    expect(within(refundRow!).getByRole('link')).toHaveAttribute('href', '/receipts/TX_REFUND');
  });

  it('lets a long description wrap so the phone number at its end stays readable', async () => {
    signIn();
    stubWalletApi({ 'GET wallet-transactions/me': () => ok(pageOf([refusedPurchase])) });
    renderApp('/wallet');
    const [row] = await rowsOnScreen();
    const description = within(row!).getByTestId('transaction-description');
    expect(description).toHaveTextContent(PHONE_DESCRIPTION);
    expect(description.className).not.toMatch(/\btruncate\b|\bline-clamp|\bwhitespace-nowrap\b/);
    expect(description.className).toMatch(/\bbreak-words\b/);
  });
});

describe('searching and filtering the wallet history', () => {
  it('sends the filters, keeps them in the address, and Back undoes the last one', async () => {
    signIn();
    const { calls } = stubWalletApi({ 'GET wallet-transactions/me': () => ok(pageOf([refund])) });
    const { user, router } = renderApp('/wallet?page=2');
    await rowsOnScreen();
    // The bar is drawn afresh from the address after each change, so it is found again each time.
    const filters = () => screen.getByRole('search', { name: 'Search and filter transactions' });

    await user.selectOptions(within(filters()).getByLabelText('Type'), 'Refunds');
    expect(router.state.location.search).toBe('?type=refund');
    await user.type(within(filters()).getByLabelText('Search'), '0803 000');
    await user.click(within(filters()).getByRole('button', { name: 'Find transactions' }));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('0803 000');
    await screen.findByRole('list', { name: 'Wallet transactions' });
    expect(transactionQueries(calls).at(-1)).toEqual({ page: '1', type: 'refund', q: '0803 000' });

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?type=refund');
    expect(within(filters()).getByLabelText('Search')).toHaveValue('');
    expect(within(filters()).getByLabelText('Type')).toHaveValue('refund');
  });

  it('reads the filters from the address and says "No transactions match" with a way to clear them', async () => {
    signIn();
    const { calls } = stubWalletApi({
      'GET wallet-transactions/me': ({ url }) =>
        ok(pageOf(new URL(url, 'http://localhost').searchParams.has('from') ? [] : [refund])),
    });
    const { user, router } = renderApp('/wallet?type=deposit&from=2026-01-01&to=2026-01-31');
    const empty = await screen.findByTestId('no-matching-transactions');
    expect(empty).toHaveTextContent('No transactions match');
    expect(transactionQueries(calls)[0]).toEqual({ page: '1', type: 'deposit', from: '2026-01-01', to: '2026-01-31' });
    expect(within(screen.getByRole('search')).getByLabelText('From')).toHaveValue('2026-01-01');

    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(await rowsOnScreen()).toHaveLength(1);
    expect(router.state.location.search).toBe('');
    expect(transactionQueries(calls).at(-1)).toEqual({ page: '1' });
  });

  it('refuses a period that ends before it starts, and asks the server nothing for it', async () => {
    signIn();
    const { calls } = stubWalletApi({ 'GET wallet-transactions/me': () => ok(pageOf([refund])) });
    const { user, router } = renderApp('/wallet?from=2026-02-10');
    await rowsOnScreen();
    const filters = screen.getByRole('search');
    const before = transactionQueries(calls).length;
    await user.type(within(filters).getByLabelText('To'), '2026-02-01');
    expect(await within(filters).findByText('The to date must be on or after the from date.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?from=2026-02-10');
    expect(transactionQueries(calls)).toHaveLength(before);
  });
});

describe('statement download', () => {
  it('offers this month as CSV and PDF links, and refuses a period that ends before it starts', async () => {
    signIn();
    stubWalletApi();
    const { user } = renderApp('/wallet');
    const statement = await screen.findByRole('region', { name: 'Statement' });
    const today = lagosDay();
    const first = `${today.slice(0, 8)}01`;
    expect(within(statement).getByLabelText('From')).toHaveValue(first);
    expect(within(statement).getByLabelText('To')).toHaveValue(today);
    const csv = within(statement).getByRole('link', { name: 'Download CSV' });
    const pdf = within(statement).getByRole('link', { name: 'Download PDF' });
    expect(csv.getAttribute('href')).toMatch(new RegExp(`/wallet/statement\\?from=${first}&to=${today}&format=csv$`));
    expect(pdf.getAttribute('href')).toMatch(/format=pdf$/);
    expect(csv).toHaveAttribute('download', `ruwa-statement-${first}-to-${today}.csv`);

    const to = within(statement).getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2020-01-01');
    expect(within(statement).getByText('The to date must be on or after the from date.')).toBeInTheDocument();
    expect(within(statement).queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(within(statement).getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});
