import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, renderApp, signIn } from '@/testing/render-app';
import { makeWallet, ok, stubWalletApi } from '../testing/wallet-fixtures';

const wrong = 'Wrong PIN. 4 attempts left before wallet payments are locked for 30 minutes.';
const locked = 'Too many wrong PINs. Wallet payments are locked for 30 more minutes.';

async function openChangePin(answers: ((body: unknown) => Response)[]) {
  signIn();
  const stub = stubWalletApi(
    { 'POST wallet/pin': (request) => answers.shift()!(request.body) },
    { wallet: makeWallet({ pin_set: true }) },
  );
  const rendered = renderApp('/wallet');
  await rendered.user.click(await screen.findByRole('button', { name: 'Change wallet PIN' }));
  // Its code loads on the first tap: the dialog opens once it is here.
  const dialog = await screen.findByRole('dialog', { name: 'Change wallet PIN' });
  const fill = async (fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields)) {
      const field = within(dialog).getByLabelText(label);
      await rendered.user.clear(field);
      await rendered.user.type(field, value);
    }
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
  };
  return { ...rendered, ...stub, dialog, fill };
}

const pinPosts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter(({ method, url }) => method === 'POST' && url === '/api/wallet/pin').map(({ body }) => body);

describe('changing the wallet PIN', () => {
  it('is offered only once a PIN is set', async () => {
    signIn();
    stubWalletApi({}, { wallet: makeWallet({ pin_set: false }) });
    renderApp('/wallet');
    expect(await screen.findByTestId('wallet-balance')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change wallet PIN' })).not.toBeInTheDocument();
  });

  it('sends the current PIN, the new one typed twice and the password; a wrong current PIN shows under it', async () => {
    const { calls, dialog, fill } = await openChangePin([
      () => jsonResponse(422, { message: wrong, errors: { current_pin: [wrong] }, code: 'pin_required' }),
      () => ok({ pin_set: true, pin_locked_until: null }),
    ]);
    await fill({ 'Current PIN': '1111', 'New PIN': '5831', 'Confirm PIN': '5813', 'Account password': 'secret-1' });
    expect(await within(dialog).findByText('The two PINs do not match.')).toBeInTheDocument();
    expect(pinPosts(calls)).toHaveLength(0);

    await fill({ 'Confirm PIN': '5831' });
    expect(await within(dialog).findByText(wrong)).toBeInTheDocument();
    await fill({ 'Current PIN': '2468' });
    await findToast('Success', 'Your wallet PIN has been changed.');
    expect(pinPosts(calls)).toEqual([
      { pin: '5831', password: 'secret-1', current_pin: '1111' },
      { pin: '5831', password: 'secret-1', current_pin: '2468' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when too many wrong PINs have locked the wallet', async () => {
    const { dialog, fill } = await openChangePin([
      () => jsonResponse(423, { message: locked, code: 'wallet_locked', retry_after_seconds: 1800 }),
    ]);
    await fill({ 'Current PIN': '1111', 'New PIN': '5831', 'Confirm PIN': '5831', 'Account password': 'secret-1' });
    expect(await within(dialog).findByText(locked)).toBeInTheDocument();
  });
});
