import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  deferred,
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';
import type { CustomerDetail } from '@ruwa/contract/replies';

function detail(balance: number): CustomerDetail {
  return {
    user: {
      ...makeUser({ id: 42, first_name: 'Kemi', last_name: 'Adeyemi', email: 'kemi@example.com' }),
      status: 'active',
    },
    wallet: { balance, savings: 0, bank_details: [], pin_set: false, pin_locked_until: null, held_withdrawals: [] },
    ledger: { rows: [], total: 0 },
    orders: { rows: [], total: 0 },
    subscriptions: { rows: [], total: 0 },
    vtu: { rows: [], total: 0 },
    referrals: { rows: [], total: 0 },
    tickets: { rows: [], total: 0 },
  };
}

function stubCustomer(adjust: (request: RecordedRequest) => Response | Promise<Response>) {
  signIn({ role: 'admin' });
  const stub = stubFetch((request) => {
    if (request.url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (request.url === '/api/admin/customers/show?id=42') return jsonResponse(200, { message: '', data: detail(500) });
    if (request.method === 'POST' && request.url === '/api/admin/customers/wallet-adjustment') return adjust(request);
    return undefined;
  });
  return stub;
}

const adjustments = (calls: RecordedRequest[]) =>
  calls.filter(({ url }) => url === '/api/admin/customers/wallet-adjustment');

async function openDialog() {
  const rendered = renderApp('/admin/customers/show?id=42');
  await rendered.user.click(await screen.findByRole('button', { name: 'Adjust wallet' }));
  return { ...rendered, dialog: screen.getByRole('alertdialog', { name: 'Adjust Kemi Adeyemi’s wallet' }) };
}

describe('wallet adjustment dialog', () => {
  it('checks the fields with the contract’s rules before anything is sent', async () => {
    const { calls } = stubCustomer(() => jsonResponse(500, { message: 'unexpected' }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Reason'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Amount cannot be empty')).toBeInTheDocument();
    expect(within(dialog).getByText('The reason must be at least 5 characters.')).toBeInTheDocument();
    expect(adjustments(calls)).toHaveLength(0);
  });

  it('confirms the amount and customer, then sends one adjustment however often Confirm is clicked', async () => {
    const reply = deferred<Response>();
    const { calls } = stubCustomer(() => reply.promise);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: /Debit/ }));
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '250.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Refunded twice by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Debit ₦250.50 from Kemi Adeyemi?' });
    expect(confirm).toHaveAccessibleDescription(/Refunded twice by mistake/);
    expect(adjustments(calls)).toHaveLength(0);
    const button = within(confirm).getByRole('button', { name: 'Debit wallet' });
    await user.dblClick(button);
    await user.click(button);
    reply.resolve(jsonResponse(200, { message: 'The wallet has been debited', data: detail(249.5).wallet }));

    await findToast('Success', 'The wallet has been debited');
    expect(adjustments(calls)).toHaveLength(1);
    expect(adjustments(calls)[0]!.body).toEqual({
      id: 42,
      direction: 'debit',
      amount: 250.5,
      reason: 'Refunded twice by mistake',
      reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('puts an overdraft refusal under Amount and keeps the reference for the retry', async () => {
    let answer = 422;
    const { calls } = stubCustomer(() =>
      answer === 422
        ? jsonResponse(422, {
            message: 'Insufficient wallet balance',
            errors: { amount: ['Insufficient wallet balance: you have ₦500 and this needs ₦900.'] },
          })
        : jsonResponse(200, { message: 'The wallet has been debited', data: detail(0).wallet }),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: /Debit/ }));
    await user.type(within(dialog).getByLabelText('Amount (₦)'), '900');
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback recovery');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Debit wallet' }));

    const form = await screen.findByRole('alertdialog', { name: 'Adjust Kemi Adeyemi’s wallet' });
    expect(
      await within(form).findByText('Insufficient wallet balance: you have ₦500 and this needs ₦900.'),
    ).toBeInTheDocument();

    answer = 200;
    await user.clear(within(form).getByLabelText('Amount (₦)'));
    await user.type(within(form).getByLabelText('Amount (₦)'), '500');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Debit wallet' }));
    await findToast('Success', 'The wallet has been debited');
    const [first, second] = adjustments(calls).map(({ body }) => body as { reference: string; amount: number });
    expect(second!.amount).toBe(500);
    expect(second!.reference).toBe(first!.reference);
  });
});
