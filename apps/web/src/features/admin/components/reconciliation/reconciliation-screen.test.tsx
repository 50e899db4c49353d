import { screen, within } from '@testing-library/react';
import type { Page, ReconciliationDifference, ReconciliationFloat, StuckCardRefund } from '@ruwa/contract';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const open: ReconciliationDifference = {
  id: 5,
  provider: 'paystack',
  reference: 'T_abc123',
  kind: 'missing_ours',
  ours: null,
  theirs: 3000,
  occurred_at: '2026-11-26T10:00:00.000Z',
  status: 'open',
  reason: null,
  cleared_by: null,
  detected_at: '2026-11-26T11:00:00.000Z',
  resolved_at: null,
};

const CHART = [
  { code: '1100', name: 'Paystack clearing', type: 'asset', contra: false },
  { code: '1900', name: 'Suspense (unexplained differences)', type: 'asset', contra: false },
  { code: '3000', name: 'Opening balances', type: 'equity', contra: false },
  { code: '4900', name: 'Refunds', type: 'revenue', contra: true },
  { code: '5300', name: 'VTU cost of sales', type: 'expense', contra: false },
  { code: '5900', name: 'Support adjustments', type: 'expense', contra: false },
];

const page = <Row,>(rows: Row[]): Page<Row> => ({
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: rows.length,
  prev_page_url: null,
  next_page_url: null,
  data: rows,
});

describe('admin reconciliation', () => {
  it('lists open differences, checks now, and clears one only with a reason', async () => {
    signIn({ role: 'admin' });
    let rows = [open];
    const { calls } = stubFetch(({ method, url, body }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url.startsWith('/api/admin/reconciliation?')) return jsonResponse(200, { message: '', data: page(rows) });
      if (url === '/api/admin/reconciliation/float') return jsonResponse(200, { message: '', data: null });
      if (url.startsWith('/api/admin/reconciliation/card-refunds'))
        return jsonResponse(200, { message: '', data: page([]) });
      if (url === '/api/admin/ledger/accounts') return jsonResponse(200, { message: '', data: CHART });
      if (method === 'POST' && url === '/api/admin/reconciliation/run')
        return jsonResponse(200, { message: '1 difference found', data: [] });
      if (method === 'POST' && url === '/api/admin/reconciliation/clear') {
        const { reason } = body as { reason: string };
        rows = [];
        return jsonResponse(200, {
          message: 'Difference cleared',
          data: { ...open, status: 'cleared', reason, cleared_by: { id: 1, name: 'Ada Obi', email: 'ada@ruwa.ng' } },
        });
      }
      return undefined;
    });
    const { user } = renderApp('/admin/reconciliation');

    const table = await screen.findByRole('table', { name: 'Differences with the providers' });
    const row = (await within(table).findByText('T_abc123')).closest('tr')!;
    expect(within(row).getByText('Paystack')).toBeInTheDocument();
    expect(within(row).getByText('Paid at the provider, not recorded by Ruwa')).toBeInTheDocument();
    expect(within(row).getByText('₦3,000')).toBeInTheDocument();
    expect(within(row).getByText('—')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await findToast('Success', '1 difference found');
    expect(calls.find(({ url }) => url === '/api/admin/reconciliation/run')?.body).toEqual({});
    await user.type(screen.getByLabelText('Day (optional)'), '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await expect
      .poll(() => calls.filter(({ url }) => url === '/api/admin/reconciliation/run').at(-1)?.body)
      .toEqual({ day: '2026-11-25' });

    await user.click(within(row).getByRole('button', { name: 'Clear the difference on T_abc123' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Clear difference' }));
    expect(
      await within(dialog).findByText('Write at least 10 characters: what was found and what was done.'),
    ).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/admin/reconciliation/clear')).toBe(false);

    // Suspense unless the admin picks the account the difference belongs to (never a customer's).
    const against = within(dialog).getByLabelText('Post the difference against');
    expect(against).toHaveValue('1900');
    expect(
      await within(dialog).findByRole('option', { name: '1900 Suspense (unexplained differences)' }),
    ).toBeInTheDocument();
    expect(
      within(against)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['1900', '5900', '5300', '4900', '3000']);
    await user.selectOptions(against, '5900');
    await user.type(within(dialog).getByLabelText('Reason'), ' — refunded by Paystack on 26 Nov, ref RF_1');
    await user.click(within(dialog).getByRole('button', { name: 'Clear difference' }));
    await findToast('Success', 'Difference cleared');
    expect(calls.find(({ url }) => url === '/api/admin/reconciliation/clear')?.body).toEqual({
      id: 5,
      reason: 'ok — refunded by Paystack on 26 Nov, ref RF_1',
      account: '5900',
    });
    expect(await within(table).findByText('There is no data available for this table')).toBeInTheDocument();
  });
});

describe('admin reconciliation with the VTU provider', () => {
  const vtuRow: ReconciliationDifference = {
    ...open,
    id: 9,
    provider: 'vtu',
    reference: '202611261000abcdef012345',
    kind: 'missing_ours',
    theirs: 500,
  };

  function stubScreen(float: ReconciliationFloat | null) {
    let current = float;
    const stub = stubFetch(({ method, url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url.startsWith('/api/admin/reconciliation?'))
        return jsonResponse(200, { message: '', data: page([open, vtuRow]) });
      if (url === '/api/admin/reconciliation/float') return jsonResponse(200, { message: '', data: current });
      if (url.startsWith('/api/admin/reconciliation/card-refunds'))
        return jsonResponse(200, { message: '', data: page([]) });
      if (method === 'POST' && url === '/api/admin/reconciliation/run') {
        current = { theirs: 98_000, ours: 98_000, difference: 0, checked_at: '2026-11-26T12:00:00.000Z' };
        return jsonResponse(200, { message: '12 payments compared: everything matches', data: [] });
      }
      return undefined;
    });
    return stub;
  }

  it("names each difference's provider in its own words, and the VTU float with its difference", async () => {
    signIn({ role: 'admin' });
    stubScreen({ theirs: 120_000, ours: 119_500, difference: 500, checked_at: '2026-11-26T11:00:00.000Z' });
    const { user } = renderApp('/admin/reconciliation');

    const table = await screen.findByRole('table', { name: 'Differences with the providers' });
    const row = (await within(table).findByText('202611261000abcdef012345')).closest('tr')!;
    expect(within(row).getByText('VTU provider')).toBeInTheDocument();
    expect(within(row).getByText('Delivered by the provider, failed or refunded at Ruwa')).toBeInTheDocument();
    expect(within(row).getByText('₦500')).toBeInTheDocument();

    const float = screen.getByRole('region', { name: 'VTU float' });
    const figure = (label: string) => within(float).getByText(label).nextElementSibling;
    expect(figure('Provider’s balance')).toHaveTextContent('₦120,000');
    expect(figure('VTU float account (1300)')).toHaveTextContent('₦119,500');
    expect(figure('Difference')).toHaveTextContent('₦500');
    expect(within(float).getByText(/The provider holds ₦500 more than the books show\./)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Clear the difference on 202611261000abcdef012345' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Ruwa —, VTU provider ₦500/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it open' }));

    await user.click(screen.getByRole('button', { name: 'Check now' }));
    await findToast('Success', '12 payments compared: everything matches');
    expect(await within(float).findByText(/The provider’s balance matches the books\./)).toBeInTheDocument();
    expect(figure('Difference')).toHaveTextContent('₦0');
  });

  it('says the float is not checked yet before the first check', async () => {
    signIn({ role: 'admin' });
    stubScreen(null);
    renderApp('/admin/reconciliation');
    const float = await screen.findByRole('region', { name: 'VTU float' });
    expect(await within(float).findByText('Not checked yet: Check now compares it.')).toBeInTheDocument();
  });

  it('records a float top-up with a reason, after a confirm naming the amount, once per reference', async () => {
    signIn({ role: 'admin' });
    const { calls } = stubFetch(({ method, url, body }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url.startsWith('/api/admin/reconciliation?')) return jsonResponse(200, { message: '', data: page([]) });
      if (url === '/api/admin/reconciliation/float') return jsonResponse(200, { message: '', data: null });
      if (url.startsWith('/api/admin/reconciliation/card-refunds'))
        return jsonResponse(200, { message: '', data: page([]) });
      if (method === 'POST' && url === '/api/admin/reconciliation/float/top-up') {
        const { amount, reference } = body as { amount: number; reference: string };
        return jsonResponse(200, {
          message: 'Float top-up recorded',
          data: { reference: `float-top-up:${reference}`, amount, float: null },
        });
      }
      return undefined;
    });
    const { user } = renderApp('/admin/reconciliation');
    const float = await screen.findByRole('region', { name: 'VTU float' });
    await user.click(within(float).getByRole('button', { name: 'Record a float top-up' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '50000');
    await user.type(within(dialog).getByLabelText('Reason'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByText('Write at least 10 characters: when it was sent and from where.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), ': bank transfer to VTpass, 27 Nov');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Record ₦50,000 sent to the VTU provider?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record top-up' }));
    await findToast('Success', 'Float top-up recorded');
    const sent = calls.filter(({ url }) => url === '/api/admin/reconciliation/float/top-up');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ amount: 50_000, reason: 'short: bank transfer to VTpass, 27 Nov' });
    expect((sent[0]!.body as { reference: string }).reference).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('admin reconciliation: card refunds not paid out', () => {
  const stuck: StuckCardRefund = {
    id: 3,
    order_id: 41,
    vtu_purchase_id: null,
    transaction_reference: 'T_refund41',
    amount: 1000,
    status: 'requested',
    attempts: 10,
    gave_up: true,
    last_error: 'Transaction not found',
    requested_at: '2026-11-26T10:00:00.000Z',
    created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  };
  const waiting: StuckCardRefund = {
    ...stuck,
    id: 4,
    order_id: null,
    vtu_purchase_id: 42,
    transaction_reference: 'T_refund42',
    status: 'pending',
    attempts: 1,
    gave_up: false,
    last_error: null,
  };

  it('lists them with tries, error and age, and asks Paystack again for one it has not accepted', async () => {
    signIn({ role: 'admin' });
    let rows = [stuck, waiting];
    const { calls } = stubFetch(({ method, url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url.startsWith('/api/admin/reconciliation?')) return jsonResponse(200, { message: '', data: page([]) });
      if (url === '/api/admin/reconciliation/float') return jsonResponse(200, { message: '', data: null });
      if (url.startsWith('/api/admin/reconciliation/card-refunds?'))
        return jsonResponse(200, { message: '', data: page(rows) });
      if (method === 'POST' && url === '/api/admin/reconciliation/card-refunds/retry') {
        rows = [{ ...stuck, status: 'pending', attempts: 11, gave_up: false, last_error: null }, waiting];
        return jsonResponse(200, { message: 'Paystack accepted the refund', data: rows[0] });
      }
      return undefined;
    });
    const { user } = renderApp('/admin/reconciliation');
    const table = await screen.findByRole('table', { name: 'Card refunds not paid out' });
    const row = (await within(table).findByText('T_refund41')).closest('tr')!;
    expect(within(row).getByText('Order #41')).toBeInTheDocument();
    expect(within(row).getByText('₦1,000')).toBeInTheDocument();
    expect(within(row).getByText('Not accepted by Paystack')).toBeInTheDocument();
    expect(within(row).getByText('10 (the job has stopped asking)')).toBeInTheDocument();
    expect(within(row).getByText('Transaction not found')).toBeInTheDocument();
    expect(within(row).getByText('3 hours')).toBeInTheDocument();
    const other = within(table).getByText('Airtime or data #42').closest('tr')!;
    expect(within(other).getByText('Accepted, waiting for the bank')).toBeInTheDocument();
    expect(within(other).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Ask Paystack again for the refund of order #41' }));
    await findToast('Success', 'Paystack accepted the refund');
    expect(calls.find(({ url }) => url === '/api/admin/reconciliation/card-refunds/retry')?.body).toEqual({ id: 3 });
    expect(await within(table).findByText('11')).toBeInTheDocument();
  });
});
