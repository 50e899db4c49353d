import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakePaystackPop } from '@/testing/fake-paystack';
import { findToast, jsonResponse, makeUser, renderApp, signIn } from '@/testing/render-app';
import { makeTransaction, makeWallet, ok, stubWalletApi } from '../testing/wallet-fixtures';

/** Paystack's inline script stand-in that pays, or closes, as the test says. */
function payOrClose(outcome: 'pay' | 'close') {
  return fakePaystackPop((options) =>
    setTimeout(() => (outcome === 'pay' ? options.onSuccess({ reference: options.reference }) : options.onCancel())),
  );
}

const intentFor = (amount: number) => ({
  reference: 'RUWA_DEP_1',
  amount_kobo: amount * 100,
  amount,
  currency: 'NGN',
  email: 'ada@ruwa.local',
  metadata: { purpose: 'deposit', amount },
});

function initialize({ body }: { body: unknown }) {
  return ok(intentFor((body as { amount: number }).amount), 'Payment started');
}

afterEach(() => {
  delete window.PaystackPop;
});

async function openDeposit() {
  const rendered = renderApp('/wallet');
  await rendered.user.click(await screen.findByRole('link', { name: 'Deposit' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Deposit Funds' })).toBeInTheDocument();
  return rendered;
}

describe('deposit screen', () => {
  it('adds each quick amount to the amount', async () => {
    signIn();
    stubWalletApi();
    const { user } = renderApp('/wallet/deposit');
    const amount = await screen.findByLabelText('Amount');
    const quickAdd = screen.getByRole('group', { name: 'Quick add' });
    expect(
      within(quickAdd)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['+500', '+1,000', '+10,000', '+100,000']);

    await user.click(within(quickAdd).getByRole('button', { name: '500' }));
    expect(amount).toHaveValue('500');
    await user.click(within(quickAdd).getByRole('button', { name: '1,000' }));
    expect(amount).toHaveValue('1500');
    await user.click(within(quickAdd).getByRole('button', { name: '100,000' }));
    expect(amount).toHaveValue('101500');
    expect(screen.getByRole('button', { name: 'Pay ₦101,500' })).toBeEnabled();

    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(within(quickAdd).getByRole('button', { name: '10,000' }));
    expect(amount).toHaveValue('10250');
  });

  it('keeps the pay button disabled without an amount', async () => {
    signIn();
    stubWalletApi();
    const { user } = renderApp('/wallet/deposit');
    const amount = await screen.findByLabelText('Amount');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    await user.type(amount, '700');
    expect(screen.getByRole('button', { name: 'Pay ₦700' })).toBeEnabled();
    await user.clear(amount);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('keeps the pay button disabled without a user e-mail', async () => {
    signIn({ email: '' });
    stubWalletApi({ 'GET users/me': () => ok(makeUser({ email: '' })) });
    const { user } = renderApp('/wallet/deposit');
    await user.type(await screen.findByLabelText('Amount'), '700');
    expect(screen.getByRole('button', { name: 'Pay ₦700' })).toBeDisabled();
    expect(screen.getByText('Your account needs an e-mail address to pay by card.')).toBeInTheDocument();
  });

  it("says 'Amount cannot be empty' for 0 and opens no payment", async () => {
    signIn();
    const { calls } = stubWalletApi();
    const opened = payOrClose('pay');
    const { user } = renderApp('/wallet/deposit');
    const amount = await screen.findByLabelText('Amount');
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(amount).toHaveAccessibleDescription('Amount cannot be empty');
    expect(calls.some(({ url }) => url.includes('payments/paystack'))).toBe(false);
    expect(opened).toHaveLength(0);
  });

  it("pays by card, records the deposit, says 'Success! Deposit successful' and goes back", async () => {
    signIn();
    let wallet = makeWallet({ balance: 0 });
    const { calls } = stubWalletApi({
      'GET wallet/me': () => ok(wallet),
      'POST payments/paystack/initialize': initialize,
      'POST wallet-transactions/deposit/paystack': ({ body }) => {
        wallet = { ...wallet, balance: (body as { amount: number }).amount };
        return ok({ created: true, transaction: makeTransaction({ amount: 1500 }), wallet }, 'Deposit successful');
      },
    });
    const opened = payOrClose('pay');
    const { user, router } = await openDeposit();

    await user.click(screen.getByRole('button', { name: '1,000' }));
    await user.click(screen.getByRole('button', { name: '500' }));
    await user.click(screen.getByRole('button', { name: 'Pay ₦1,500' }));

    await findToast('Success!', 'Deposit successful');
    expect(router.state.location.pathname).toBe('/wallet');
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦1,500');
    expect(opened).toMatchObject([{ email: 'ada@ruwa.local', amount: 150_000, reference: 'RUWA_DEP_1' }]);
    expect(calls.find(({ url }) => url.endsWith('/payments/paystack/initialize'))?.body).toEqual({
      purpose: 'deposit',
      amount: 1500,
    });
    expect(calls.find(({ url }) => url.endsWith('/wallet-transactions/deposit/paystack'))?.body).toEqual({
      amount: 1500,
      tx_id: 'RUWA_DEP_1',
    });
  });

  it('does nothing further when the popup is closed', async () => {
    signIn();
    const { calls } = stubWalletApi({ 'POST payments/paystack/initialize': initialize });
    const opened = payOrClose('close');
    const { user, router } = renderApp('/wallet/deposit');
    await user.type(await screen.findByLabelText('Amount'), '2000');
    await user.click(screen.getByRole('button', { name: 'Pay ₦2,000' }));
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    // The popup closes a tick after it opens; the button is busy until then.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Pay ₦2,000' })).toBeEnabled());
    expect(calls.some(({ url }) => url.includes('deposit/paystack'))).toBe(false);
    expect(router.state.location.pathname).toBe('/wallet/deposit');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the payment will be reconciled when the deposit cannot be recorded, and can try again', async () => {
    signIn();
    let attempts = 0;
    const { calls } = stubWalletApi({
      'POST payments/paystack/initialize': initialize,
      'POST wallet-transactions/deposit/paystack': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(502, { message: 'The payment provider did not answer. Please try again.' })
          : // Meanwhile the payment webhook credited it: the same reference answers the first result.
            ok(
              { created: false, transaction: makeTransaction(), wallet: makeWallet({ balance: 3000 }) },
              'This deposit was already credited',
            );
      },
    });
    payOrClose('pay');
    const { user, router } = await openDeposit();
    await user.type(screen.getByLabelText('Amount'), '3000');
    await user.click(screen.getByRole('button', { name: 'Pay ₦3,000' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment received, but not confirmed yet');
    expect(alert).toHaveTextContent('the payment will be reconciled automatically');
    expect(alert).toHaveTextContent('RUWA_DEP_1');
    expect(alert).toHaveTextContent('The payment provider did not answer.');
    await findToast('Error!', 'The payment provider did not answer. Please try again.');
    expect(router.state.location.pathname).toBe('/wallet/deposit');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await findToast('Success!', 'Deposit successful');
    expect(router.state.location.pathname).toBe('/wallet');
    const confirmations = calls.filter(({ url }) => url.endsWith('/wallet-transactions/deposit/paystack'));
    expect(confirmations.map(({ body }) => body)).toEqual([
      { amount: 3000, tx_id: 'RUWA_DEP_1' },
      { amount: 3000, tx_id: 'RUWA_DEP_1' },
    ]);
  });

  it("shows 'Unable to load paystack inline script' when the payment script cannot load", async () => {
    signIn();
    stubWalletApi({ 'POST payments/paystack/initialize': initialize });
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      if (node instanceof HTMLScriptElement) {
        setTimeout(() => node.dispatchEvent(new Event('error')));
        return node;
      }
      return append(node);
    });
    const { user } = renderApp('/wallet/deposit');
    await user.type(await screen.findByLabelText('Amount'), '500');
    await user.click(screen.getByRole('button', { name: 'Pay ₦500' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load paystack inline script');
    await findToast('Error!', 'Unable to load paystack inline script');
    expect(screen.getByRole('button', { name: 'Pay ₦500' })).toBeEnabled();
  });

  it('shows the server refusing the amount under the field', async () => {
    signIn();
    stubWalletApi({
      'POST payments/paystack/initialize': () =>
        jsonResponse(422, {
          message: 'The amount may not be greater than 5,000,000.',
          errors: { amount: ['The amount may not be greater than 5,000,000.'] },
        }),
    });
    const opened = payOrClose('pay');
    const { user } = renderApp('/wallet/deposit');
    const amount = await screen.findByLabelText('Amount');
    await user.type(amount, '4000000');
    await user.click(screen.getByRole('button', { name: 'Pay ₦4,000,000' }));
    await findToast('Error!', 'The amount may not be greater than 5,000,000.');
    expect(amount).toHaveAccessibleDescription('The amount may not be greater than 5,000,000.');
    expect(opened).toHaveLength(0);
  });
});
