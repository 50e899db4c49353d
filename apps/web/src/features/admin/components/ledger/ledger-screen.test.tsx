import { screen, within } from '@testing-library/react';
import type { AccountJournal, Page, PeriodTrialBalance, TrialBalance } from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const account = (code: string, name: string, type: TrialBalance['accounts'][number]['type'], contra = false) => ({
  code,
  name,
  type,
  contra,
});
const now: TrialBalance = {
  accounts: [
    { ...account('1100', 'Paystack clearing', 'asset'), debit_kobo: 150_000, credit_kobo: 0, balance_kobo: 150_000 },
    { ...account('2100', 'Customer wallets', 'liability'), debit_kobo: 0, credit_kobo: 160_000, balance_kobo: 160_000 },
    { ...account('4900', 'Refunds', 'revenue', true), debit_kobo: 10_000, credit_kobo: 0, balance_kobo: 10_000 },
  ],
  total_debit_kobo: 160_000,
  total_credit_kobo: 160_000,
};
const asAt: TrialBalance = {
  accounts: [
    { ...account('1100', 'Paystack clearing', 'asset'), debit_kobo: 100_000, credit_kobo: 0, balance_kobo: 100_000 },
    { ...account('2100', 'Customer wallets', 'liability'), debit_kobo: 0, credit_kobo: 100_000, balance_kobo: 100_000 },
    { ...account('4900', 'Refunds', 'revenue', true), debit_kobo: 0, credit_kobo: 0, balance_kobo: 0 },
  ],
  total_debit_kobo: 100_000,
  total_credit_kobo: 100_000,
};
const period: PeriodTrialBalance = {
  from: '2026-11-01',
  to: '2026-11-30',
  accounts: [
    {
      ...account('1100', 'Paystack clearing', 'asset'),
      opening_kobo: 0,
      debit_kobo: 100_000,
      credit_kobo: 0,
      closing_kobo: 100_000,
    },
    {
      ...account('2100', 'Customer wallets', 'liability'),
      opening_kobo: 0,
      debit_kobo: 0,
      credit_kobo: 100_000,
      closing_kobo: 100_000,
    },
  ],
  totals: {
    opening_debit_kobo: 0,
    opening_credit_kobo: 0,
    debit_kobo: 100_000,
    credit_kobo: 100_000,
    closing_debit_kobo: 100_000,
    closing_credit_kobo: 100_000,
  },
};
const deposit: AccountJournal = {
  id: 41,
  reference: 'T_dep_1',
  kind: 'deposit',
  created_at: '2026-11-20T10:00:00.000Z',
  debit_kobo: 100_000,
  credit_kobo: 0,
  postings: [
    { account_code: '1100', account_name: 'Paystack clearing', debit_kobo: 100_000, credit_kobo: 0 },
    { account_code: '2100-7', account_name: 'Customer wallets', debit_kobo: 0, credit_kobo: 100_000 },
  ],
};
const pageOf = <Row,>(rows: Row[]): Page<Row> => ({
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: rows.length,
  prev_page_url: null,
  next_page_url: null,
  data: rows,
});

function stubLedger() {
  return stubFetch(({ url }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url === '/api/admin/ledger/trial-balance') return jsonResponse(200, { message: '', data: now });
    if (url.startsWith('/api/admin/ledger/trial-balance?')) return jsonResponse(200, { message: '', data: asAt });
    if (url.startsWith('/api/admin/ledger/trial-balance/period?'))
      return jsonResponse(200, { message: '', data: period });
    if (url.startsWith('/api/admin/ledger/account-journals?'))
      return jsonResponse(200, { message: '', data: pageOf([deposit]) });
    if (url.startsWith('/api/admin/ledger/journal?')) return jsonResponse(200, { message: '', data: [deposit] });
    return undefined;
  });
}

describe('admin ledger', () => {
  it('shows the trial balance now, as at a chosen day, and for a period, with contra-revenue marked', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubLedger();
    const { user } = renderApp('/admin/ledger');

    const table = await screen.findByRole('table', { name: 'Trial balance' }, { timeout: 10_000 });
    expect(await within(table).findByText('Customer wallets')).toBeInTheDocument();
    const refunds = within(table).getByText('Refunds').closest('tr')!;
    expect(within(refunds).getByText('Contra-revenue')).toBeInTheDocument();
    expect(await screen.findByTestId('trial-balance-totals')).toHaveTextContent(
      'Total debits ₦1,600 · Total credits ₦1,600',
    );

    await user.type(screen.getByLabelText('As at'), '15/11/2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('As at the end of 15 Nov 2026')).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/admin/ledger/trial-balance?as_at=2026-11-15')).toBe(true);
    await expect
      .poll(() => screen.queryByTestId('trial-balance-totals')?.textContent)
      .toBe('Total debits ₦1,000 · Total credits ₦1,000');

    // A period needs both ends, in order.
    await user.type(screen.getByLabelText('From'), '30/11/2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Enter the last day of the period.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('To'), '01/11/2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The to date must be on or after the from date.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '01/11/2026');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '30/11/2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const periodTable = await screen.findByRole('table', { name: 'Trial balance for the period' });
    expect(
      calls.some(({ url }) => url === '/api/admin/ledger/trial-balance/period?from=2026-11-01&to=2026-11-30'),
    ).toBe(true);
    expect(
      within(periodTable)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Opening', 'Debits', 'Credits', 'Closing']));
    expect(await screen.findByTestId('period-totals')).toHaveTextContent('Movements: debits ₦1,000 · credits ₦1,000');
  });

  it("opens an account's journals, in the period shown, with every line's account named", async () => {
    signIn({ role: 'admin' });
    const { calls } = stubLedger();
    const { user } = renderApp('/admin/ledger?from=2026-11-01&to=2026-11-30');

    await screen.findByRole('table', { name: 'Trial balance for the period' }, { timeout: 10_000 });
    await user.click(await screen.findByRole('button', { name: 'Journals of 1100 Paystack clearing' }));
    expect(await screen.findByRole('heading', { name: 'Journals of 1100 Paystack clearing' })).toBeInTheDocument();
    expect(
      calls.some(
        ({ url }) => url === '/api/admin/ledger/account-journals?code=1100&page=1&from=2026-11-01&to=2026-11-30',
      ),
    ).toBe(true);
    expect(screen.getByText('This account: debit ₦1,000')).toBeInTheDocument();
    const postings = screen.getByRole('table', { name: 'Postings of deposit T_dep_1' });
    const wallet = within(postings).getByText('2100-7').closest('tr')!;
    expect(within(wallet).getByText('Customer wallets')).toBeInTheDocument();
    expect(within(wallet).getByText('₦1,000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: /^Journals of/ })).not.toBeInTheDocument();
  });
});
