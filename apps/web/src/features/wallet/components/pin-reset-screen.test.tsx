import { screen } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, renderApp, signIn } from '@/testing/render-app';
import { makeWallet, ok, stubWalletApi } from '../testing/wallet-fixtures';

const LINK_USED = 'This reset link has expired or was already used.';

async function openReset(
  answers: ((body: unknown) => Response)[],
  entry: InitialEntry = '/wallet/pin/reset?token=link-token-1',
  requests: (() => Response)[] = [],
) {
  signIn();
  const stub = stubWalletApi(
    {
      'POST wallet/pin/reset': (request) => answers.shift()!(request.body),
      'POST wallet/pin/reset-request': () => requests.shift()!(),
    },
    { wallet: makeWallet({ pin_set: true }) },
  );
  const rendered = renderApp(entry);
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

const CODE_SENT = 'We sent a 6-digit code to your phone ending in 4567. It works once, for 30 minutes.';
const WRONG_CODE = 'That code is not right. 4 tries left.';

describe('resetting the wallet PIN with the code sent by SMS', () => {
  it('says where the code went, sends it with the new PIN and password, then goes back to the wallet', async () => {
    const { calls, fill } = await openReset([() => ok({ pin_set: true }, 'Your new wallet PIN is set')], {
      pathname: '/wallet/pin/reset',
      state: { sentNote: CODE_SENT },
    });
    expect(screen.getByText(CODE_SENT)).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('6-digit code')).toHaveAttribute('autocomplete', 'one-time-code');
    await fill({ '6-digit code': '12a456', 'New PIN': '2580', 'Confirm PIN': '2580', 'Account password': 'secret-1' });
    expect(await screen.findByLabelText('6-digit code')).toHaveAccessibleDescription(
      /Enter the 6-digit code we sent by SMS\./,
    );
    expect(resetPosts(calls)).toHaveLength(0);

    await fill({ '6-digit code': '123 456' });
    await findToast('Success', 'Your new wallet PIN is set');
    expect(resetPosts(calls)).toEqual([{ code: '123456', pin: '2580', password: 'secret-1' }]);
    expect(await screen.findByTestId('wallet-balance')).toBeInTheDocument();
  });

  it("puts the server's refusals at their fields: a wrong code at the code, a wrong password at the password", async () => {
    const { fill } = await openReset(
      [
        () => jsonResponse(422, { message: WRONG_CODE, errors: { code: [WRONG_CODE] } }),
        () =>
          jsonResponse(422, {
            message: 'The password is incorrect.',
            errors: { password: ['The password is incorrect.'] },
          }),
      ],
      '/wallet/pin/reset',
    );
    await fill({ '6-digit code': '654321', 'New PIN': '2580', 'Confirm PIN': '2580', 'Account password': 'secret-1' });
    expect(await screen.findByLabelText('6-digit code')).toHaveAccessibleDescription(WRONG_CODE);
    expect(screen.getByLabelText('Account password')).not.toHaveAccessibleDescription(/incorrect/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await fill({ 'Account password': 'secret-2' });
    expect(await screen.findByLabelText('Account password')).toHaveAccessibleDescription(/The password is incorrect\./);
  });

  it('sends a new code when asked, and says so or why not', async () => {
    const { calls, user } = await openReset([], '/wallet/pin/reset', [
      () => ok({ sent_to: 'phone' }, CODE_SENT),
      () => jsonResponse(502, { message: 'We could not send the SMS just now. Please try again in a minute.' }),
    ]);
    expect(
      screen.getByText('Enter the 6-digit code we sent to your phone, then choose a new PIN.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(CODE_SENT)).toHaveAttribute('role', 'status');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText('We could not send the SMS just now. Please try again in a minute.'),
    ).toHaveAttribute('role', 'alert');
    expect(calls.filter(({ url }) => url === '/api/wallet/pin/reset-request')).toHaveLength(2);
  });
});
