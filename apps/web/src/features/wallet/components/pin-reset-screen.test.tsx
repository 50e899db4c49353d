import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, renderApp, signIn } from '@/testing/render-app';
import { makeWallet, ok, stubWalletApi } from '../testing/wallet-fixtures';

const LINK_USED = 'This reset link has expired or was already used.';

async function openReset(answers: ((body: unknown) => Response)[]) {
  signIn();
  const stub = stubWalletApi(
    { 'POST wallet/pin/reset': (request) => answers.shift()!(request.body) },
    { wallet: makeWallet({ pin_set: true }) },
  );
  const rendered = renderApp('/wallet/pin/reset?token=link-token-1');
  const form = await screen.findByRole('form', { name: 'Reset wallet PIN' });
  const fill = async (fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields)) {
      const field = screen.getByLabelText(label);
      await rendered.user.clear(field);
      await rendered.user.type(field, value);
    }
    await rendered.user.click(screen.getByRole('button', { name: 'Set new PIN' }));
  };
  return { ...rendered, ...stub, form, fill };
}

const resetPosts = (calls: { method: string; url: string; body: unknown }[]) =>
  calls.filter(({ method, url }) => method === 'POST' && url === '/api/wallet/pin/reset').map(({ body }) => body);

describe('resetting the wallet PIN from the e-mailed link', () => {
  it('sends the link token with the new PIN and password, then says so and goes back to the wallet', async () => {
    const { calls, fill } = await openReset([
      () => ok({ pin_set: true, pin_locked_until: null }, 'Your wallet PIN is reset.'),
    ]);
    await fill({ 'New PIN': '2580', 'Confirm PIN': '2508', 'Account password': 'secret-1' });
    expect(await screen.findByText('The two PINs do not match.')).toBeInTheDocument();
    expect(resetPosts(calls)).toHaveLength(0);

    await fill({ 'Confirm PIN': '2580' });
    await findToast('Success', 'Your wallet PIN is reset.');
    expect(resetPosts(calls)).toEqual([{ token: 'link-token-1', pin: '2580', password: 'secret-1' }]);
    expect(await screen.findByTestId('wallet-balance')).toBeInTheDocument();
  });

  it('says above the form when the link itself is refused, and a wrong password at the field', async () => {
    const { fill } = await openReset([
      () => jsonResponse(422, { message: LINK_USED, errors: { token: [LINK_USED] } }),
      () =>
        jsonResponse(422, {
          message: 'The password is incorrect.',
          errors: { password: ['The password is incorrect.'] },
        }),
    ]);
    await fill({ 'New PIN': '2580', 'Confirm PIN': '2580', 'Account password': 'secret-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(LINK_USED);
    expect(screen.getByLabelText('Account password')).not.toHaveAccessibleDescription(/incorrect/);

    await fill({ 'Account password': 'secret-2' });
    expect(await screen.findByLabelText('Account password')).toHaveAccessibleDescription(/The password is incorrect\./);
  });
});
