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
import { pageOf } from '@/testing/catalog-fixtures';

const empty = pageOf([]);

type TopUp = { amount: number; reason: string; reference: string };

function stubScreen(topUp: (request: RecordedRequest) => Response | Promise<Response>) {
  signIn({ role: 'admin' });
  const { calls } = stubFetch((request) => {
    const { method, url } = request;
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url.startsWith('/api/admin/reconciliation?')) return jsonResponse(200, { message: '', data: empty });
    if (url === '/api/admin/reconciliation/float') return jsonResponse(200, { message: '', data: null });
    if (url.startsWith('/api/admin/reconciliation/card-refunds'))
      return jsonResponse(200, { message: '', data: empty });
    if (method === 'POST' && url === '/api/admin/reconciliation/float/top-up') return topUp(request);
    return undefined;
  });
  return () =>
    calls.filter(({ url }) => url === '/api/admin/reconciliation/float/top-up').map(({ body }) => body as TopUp);
}

function recorded({ amount, reference }: TopUp) {
  return jsonResponse(200, {
    message: 'Float top-up recorded',
    data: { reference: `float-top-up:${reference}`, amount, float: null },
  });
}

async function fillIn(amount: string, reason: string) {
  const { user } = renderApp('/admin/reconciliation');
  const float = await screen.findByRole('region', { name: 'VTU float' });
  await user.click(within(float).getByRole('button', { name: 'Record a float top-up' }));
  const form = await screen.findByRole('alertdialog', { name: 'Record a float top-up' });
  await user.type(within(form).getByLabelText('Amount (₦)'), amount);
  await user.type(within(form).getByLabelText('Reason'), reason);
  await user.click(within(form).getByRole('button', { name: 'Continue' }));
  return { user, float };
}

describe('float top-up dialog: the confirm step', () => {
  it('names the amount and the reason before anything is sent, and Back returns to the filled-in form', async () => {
    const reply = deferred<Response>();
    const topUps = stubScreen(() => reply.promise);
    const { user } = await fillIn('50000', 'Bank transfer to VTpass, 27 Nov');

    const confirm = await screen.findByRole('alertdialog', { name: 'Record ₦50,000 sent to the VTU provider?' });
    expect(confirm).toHaveAccessibleDescription(
      'The VTU float (1300) goes up and the Paystack balance (1200) down by this amount. Reason: “Bank transfer to VTpass, 27 Nov”',
    );
    expect(topUps()).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Back' }));
    const form = await screen.findByRole('alertdialog', { name: 'Record a float top-up' });
    expect(within(form).getByLabelText('Amount (₦)')).toHaveValue('50000');
    expect(within(form).getByLabelText('Reason')).toHaveValue('Bank transfer to VTpass, 27 Nov');
    expect(topUps()).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    const again = await screen.findByRole('alertdialog', { name: 'Record ₦50,000 sent to the VTU provider?' });
    await user.click(within(again).getByRole('button', { name: 'Record top-up' }));
    expect(within(again).getByRole('button', { name: 'Record top-up' })).toHaveAttribute('aria-busy', 'true');
    expect(within(again).getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(again).toBeInTheDocument();

    reply.resolve(recorded(topUps()[0]!));
    await findToast('Success', 'Float top-up recorded');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(topUps()).toEqual([
      {
        amount: 50_000,
        reason: 'Bank transfer to VTpass, 27 Nov',
        reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('returns to the form when the top-up fails, keeps the reference for the retry, and starts the next top-up afresh', async () => {
    let fail = true;
    const topUps = stubScreen(({ body }) => {
      if (!fail) return recorded(body as TopUp);
      fail = false;
      return jsonResponse(503, { message: 'The ledger is busy; try again in a moment.' });
    });
    const { user, float } = await fillIn('40000', 'Bank transfer to VTpass, 27 Nov');
    await user.click(await screen.findByRole('button', { name: 'Record top-up' }));

    await findToast('Error!', 'The ledger is busy; try again in a moment.');
    const form = await screen.findByRole('alertdialog', { name: 'Record a float top-up' });
    expect(within(form).getByLabelText('Amount (₦)')).toHaveValue('40000');
    expect(within(form).getByLabelText('Reason')).toHaveValue('Bank transfer to VTpass, 27 Nov');

    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Record top-up' }));
    await findToast('Success', 'Float top-up recorded');

    await user.click(within(float).getByRole('button', { name: 'Record a float top-up' }));
    const next = await screen.findByRole('alertdialog', { name: 'Record a float top-up' });
    expect(within(next).getByLabelText('Amount (₦)')).toHaveValue('');
    expect(within(next).getByLabelText('Reason')).toHaveValue('');
    await user.type(within(next).getByLabelText('Amount (₦)'), '1000');
    await user.type(within(next).getByLabelText('Reason'), 'Second transfer, 28 Nov');
    await user.click(within(next).getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Record top-up' }));
    await findToast('Success', 'Float top-up recorded');

    expect(topUps()).toHaveLength(3);
    const [failed, retried, second] = topUps();
    expect(retried).toEqual(failed);
    expect(second).toMatchObject({ amount: 1000, reason: 'Second transfer, 28 Nov' });
    expect(second!.reference).not.toBe(failed!.reference);
  });
});
