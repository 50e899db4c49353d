import { screen, within } from '@testing-library/react';
import type { ProfitAndLoss } from '@ruwa/contract';
import { lagosDay } from '@ruwa/contract/dates';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const november: ProfitAndLoss = {
  from: '2026-11-01',
  to: '2026-11-30',
  revenue: [
    { code: '4130', name: 'Sales revenue: gas', contra: false, amount_kobo: 2_500_000 },
    { code: '4300', name: 'Delivery fee revenue', contra: false, amount_kobo: 50_000 },
    { code: '4900', name: 'Refunds', contra: true, amount_kobo: -100_000 },
  ],
  total_revenue_kobo: 2_450_000,
  expenses: [{ code: '5100', name: 'Agent commission expense', contra: false, amount_kobo: 3_000_000 }],
  total_expenses_kobo: 3_000_000,
  net_kobo: -550_000,
};

describe('admin profit and loss', () => {
  it("opens on this month, then shows a chosen period's revenue net of refunds, expenses and the net", async () => {
    signIn({ role: 'admin' });
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url.startsWith('/api/admin/ledger/profit-and-loss?'))
        return jsonResponse(200, { message: '', data: november });
      return undefined;
    });
    const { user } = renderApp('/admin/profit-and-loss');

    const today = lagosDay();
    // The screen is loaded on first visit (code-split), which takes a while on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Profit and loss' }, { timeout: 10_000 });
    await expect
      .poll(() =>
        calls.some(({ url }) => url === `/api/admin/ledger/profit-and-loss?from=${today.slice(0, 8)}01&to=${today}`),
      )
      .toBe(true);

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '01/11/2026');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '30/11/2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await expect
      .poll(() => calls.some(({ url }) => url === '/api/admin/ledger/profit-and-loss?from=2026-11-01&to=2026-11-30'))
      .toBe(true);

    const revenue = await screen.findByRole('table', { name: 'Revenue' });
    const refunds = (await within(revenue).findByText('Refunds')).closest('tr')!;
    expect(within(refunds).getByText('Contra-revenue')).toBeInTheDocument();
    expect(within(refunds).getByText('-₦1,000')).toBeInTheDocument();
    expect(screen.getByTestId('total-revenue')).toHaveTextContent('Total revenue ₦24,500');
    expect(screen.getByTestId('total-expenses')).toHaveTextContent('Total expenses ₦30,000');
    expect(screen.getByTestId('net')).toHaveTextContent('Net loss ₦5,500');
  });
});
