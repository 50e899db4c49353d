import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatTime } from '@ruwa/contract/dates';
import { ApiError } from '@/lib/api-client';
import { withWalletPin } from '@/lib/wallet-pin';
import { jsonResponse, signIn, stubFetch } from '@/testing/render-app';
import { stopDefaultPinAnswers } from '@/testing/wallet-pin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { makeWallet, ok } from '../testing/wallet-fixtures';
import { WEAK_PIN } from '@ruwa/contract';
import { moveFromSavings } from '../api/move-from-savings';
import { withdraw } from '../api/withdraw';
import { WalletPinSheet } from './wallet-pin-sheet';

function renderSheet(pinSet: boolean, routes: Record<string, () => Response> = {}) {
  signIn();
  stopDefaultPinAnswers();
  const stub = stubFetch(({ method, url }) => {
    const custom = routes[`${method} ${url}`];
    if (custom) return custom();
    if (url === '/api/wallet/me') return ok(makeWallet({ pin_set: pinSet }));
    return undefined;
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/checkout']}>
        <WalletPinSheet codeResetHref="/wallet/pin/reset" />
        <Routes>
          <Route path="/checkout" element={null} />
          <Route path="/wallet/pin/reset" element={<ResetPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...stub, user: userEvent.setup() };
}

/** Stands for the reset page: shows what the sheet handed on. */
function ResetPage() {
  const state = useLocation().state as { sentNote?: string } | null;
  return <p data-testid="reset-page">{state?.sentNote}</p>;
}

const wrong = 'Wrong PIN. 4 attempts left before wallet payments are locked for 30 minutes.';

describe('the wallet PIN sheet', () => {
  it('takes the PIN from the keypad buttons, asks again after a wrong one, and takes typing too', async () => {
    const { user } = renderSheet(true);
    const send = vi.fn(async (pin: string) => {
      if (pin !== '2468') throw new ApiError(422, wrong, { pin: [wrong] }, 'pin_required');
      return 'paid';
    });
    let spent: Promise<string | null> = Promise.resolve(null);
    act(() => {
      spent = withWalletPin(send);
    });
    const sheet = await screen.findByRole('dialog', { name: 'Enter your wallet PIN' });
    const keypad = within(sheet).getByRole('group', { name: 'PIN keypad' });
    for (const digit of ['1', '3', '5', '7']) await user.click(within(keypad).getByRole('button', { name: digit }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    // Asked again: a fresh keypad, with the reason.
    expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
    const field = within(screen.getByRole('dialog', { name: 'Enter your wallet PIN' })).getByLabelText('Wallet PIN');
    expect(field).toHaveValue('');
    await user.type(field, '2468');
    await expect(spent).resolves.toBe('paid');
    expect(send.mock.calls.map(([pin]) => pin)).toEqual(['1357', '2468']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names what the PIN confirms: a payment, a withdrawal, or savings moved back to the wallet', async () => {
    const { user } = renderSheet(true);
    const cases: [() => Promise<unknown>, string][] = [
      [() => withWalletPin(async () => 'paid'), 'Your 4-digit PIN confirms this payment from your wallet.'],
      [
        () => withdraw({ amount: 500, selected_bank: 1 }),
        'Your 4-digit PIN confirms this withdrawal to your bank account.',
      ],
      [() => moveFromSavings(500), 'Your 4-digit PIN confirms moving this money from your savings to your wallet.'],
    ];
    for (const [start, description] of cases) {
      act(() => {
        void start();
      });
      const sheet = await screen.findByRole('dialog', { name: 'Enter your wallet PIN' });
      expect(sheet).toHaveAccessibleDescription(description);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('refuses a PIN a thief would guess first when one is set, and sends nothing', async () => {
    const { user, calls } = renderSheet(false);
    act(() => {
      void withWalletPin(async () => 'paid');
    });
    const sheet = await screen.findByRole('dialog', { name: 'Set a wallet PIN' });
    await user.type(within(sheet).getByLabelText('New PIN'), '1234');
    await user.type(within(sheet).getByLabelText('Confirm PIN'), '1234');
    await user.type(within(sheet).getByLabelText('Account password'), 'my-password-1');
    await user.click(within(sheet).getByRole('button', { name: 'Set PIN and continue' }));
    expect(await within(sheet).findByText(WEAK_PIN)).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/wallet/pin')).toBe(false);
  });

  it('has a customer without a PIN set one, with the password, before the spend', async () => {
    const { user, calls } = renderSheet(false, {
      'POST /api/wallet/pin': () => jsonResponse(200, { message: 'Your wallet PIN is set', data: { pin_set: true } }),
    });
    const send = vi.fn(async (pin: string) => `paid with ${pin}`);
    let spent: Promise<string | null> = Promise.resolve(null);
    act(() => {
      spent = withWalletPin(send);
    });
    const sheet = await screen.findByRole('dialog', { name: 'Set a wallet PIN' });
    await user.type(within(sheet).getByLabelText('New PIN'), '5831');
    await user.type(within(sheet).getByLabelText('Confirm PIN'), '5813');
    await user.click(within(sheet).getByRole('button', { name: 'Set PIN and continue' }));
    expect(await within(sheet).findByText('The two PINs do not match.')).toBeInTheDocument();
    await user.clear(within(sheet).getByLabelText('Confirm PIN'));
    await user.type(within(sheet).getByLabelText('Confirm PIN'), '5831');
    await user.type(within(sheet).getByLabelText('Account password'), 'my-password-1');
    await user.click(within(sheet).getByRole('button', { name: 'Set PIN and continue' }));
    await expect(spent).resolves.toBe('paid with 5831');
    expect(calls.find(({ url }) => url === '/api/wallet/pin')?.body).toEqual({
      pin: '5831',
      password: 'my-password-1',
    });
  });

  it('says when wallet payments are locked, and spends nothing', async () => {
    const { user } = renderSheet(true);
    const locked = 'Too many wrong PINs. Wallet payments are locked for 30 more minutes.';
    const send = vi.fn(async (): Promise<string> => {
      throw new ApiError(423, locked, {}, 'wallet_locked');
    });
    let spent: Promise<string | null> = Promise.resolve(null);
    act(() => {
      spent = withWalletPin(send);
    });
    const sheet = await screen.findByRole('dialog', { name: 'Enter your wallet PIN' });
    await user.type(within(sheet).getByLabelText('Wallet PIN'), '1111');
    const notice = await screen.findByRole('dialog', { name: 'Wallet payments locked' });
    expect(within(notice).getByRole('alert')).toHaveTextContent(locked);
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    await expect(spent).resolves.toBeNull();
  });

  it('while locked, opens on the lock at once: why, until when, how to reset, and no keypad', async () => {
    const lockedUntil = new Date(Date.now() + 12 * 60_000 + 5_000).toISOString();
    const { user } = renderSheet(true, {
      'GET /api/wallet/me': () => ok(makeWallet({ pin_set: true, pin_locked_until: lockedUntil })),
    });
    const send = vi.fn(async () => 'paid');
    let spent: Promise<string | null> = Promise.resolve(null);
    act(() => {
      spent = withWalletPin(send);
    });
    const notice = await screen.findByRole('dialog', { name: 'Wallet payments locked' });
    expect(within(notice).getByRole('alert')).toHaveTextContent(
      'Too many wrong PINs. Wallet payments are locked for 13 more minutes.',
    );
    expect(notice).toHaveTextContent(`Wallet payments open again at ${formatTime(lockedUntil)} (Lagos time).`);
    expect(notice).toHaveTextContent('Resetting your PIN opens them at once.');
    expect(within(notice).getByRole('button', { name: 'Forgot your PIN?' })).toBeVisible();
    expect(within(notice).queryByRole('group', { name: 'PIN keypad' })).not.toBeInTheDocument();
    expect(within(notice).queryByLabelText('Wallet PIN')).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    await expect(spent).resolves.toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('a lock that has ended opens the keypad as usual', async () => {
    const { user } = renderSheet(true, {
      'GET /api/wallet/me': () =>
        ok(makeWallet({ pin_set: true, pin_locked_until: new Date(Date.now() - 1000).toISOString() })),
    });
    let spent: Promise<string | null> = Promise.resolve(null);
    act(() => {
      spent = withWalletPin(async () => 'paid');
    });
    const sheet = await screen.findByRole('dialog', { name: 'Enter your wallet PIN' });
    await user.type(within(sheet).getByLabelText('Wallet PIN'), '2468');
    await expect(spent).resolves.toBe('paid');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('after a forgotten PIN goes by SMS, says where and leads to the page for the code, abandoning the spend', async () => {
    const sent = 'We sent a 6-digit code to your phone ending in 4567. It works once, for 30 minutes.';
    const { user } = renderSheet(true, {
      'POST /api/wallet/pin/reset-request': () => ok({ sent_to: 'phone' }, sent),
    });
    let spent: Promise<string | null> = Promise.resolve(null);
    act(() => {
      spent = withWalletPin(async () => 'paid');
    });
    const sheet = await screen.findByRole('dialog', { name: 'Enter your wallet PIN' });
    await user.click(within(sheet).getByRole('button', { name: 'Forgot your PIN?' }));
    expect(await within(sheet).findByRole('status')).toHaveTextContent(sent);
    await user.click(within(sheet).getByRole('link', { name: 'Enter the code' }));
    await expect(spent).resolves.toBeNull();
    expect(await screen.findByTestId('reset-page')).toHaveTextContent(sent);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('after a forgotten PIN goes by e-mail, says so and offers no code page', async () => {
    const sent = 'We sent a link to your e-mail address. It works for 30 minutes.';
    const { user } = renderSheet(true, {
      'POST /api/wallet/pin/reset-request': () => ok({ sent_to: 'email' }, sent),
    });
    let spent: Promise<string | null> = Promise.resolve(null);
    act(() => {
      spent = withWalletPin(async () => 'paid');
    });
    const sheet = await screen.findByRole('dialog', { name: 'Enter your wallet PIN' });
    await user.click(within(sheet).getByRole('button', { name: 'Forgot your PIN?' }));
    expect(await within(sheet).findByRole('status')).toHaveTextContent(sent);
    expect(within(sheet).queryByRole('link', { name: 'Enter the code' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await expect(spent).resolves.toBeNull();
  });
});
