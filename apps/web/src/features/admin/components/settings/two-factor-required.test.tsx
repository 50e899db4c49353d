import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Wallet } from '@ruwa/contract';
import { clearSession, getSession } from '@/lib/session';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';
import { makeDashboard } from '../dashboard/dashboard-fixture';
import { TWO_FACTOR_REQUIRED_HEADING } from './two-factor-required';

const REFUSED = {
  message: 'Your admin account needs two-factor sign-in. Set it up under Settings, Two-factor sign-in, to continue.',
  code: 'two_factor_required',
};
const setup = {
  otpauth_url:
    'otpauth://totp/Ruwa:admin%40ruwa.local?issuer=Ruwa&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
  secret: 'JBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
/** What a customer screen (the wallet) is answered once two-factor sign-in is on. */
const wallet: Wallet = {
  balance: 599.5,
  savings: 0,
  bank_details: [],
  pin_set: true,
  pin_locked_until: null,
  held_withdrawals: [],
};
const recoveryCodes = ['ABCDE-FGHJK', 'LMNPQ-RSTUV', 'WXYZ2-34567', '89ABC-DEFGH'];

/** An admin the server refuses (403 two_factor_required) everywhere but the setup, until it is on. */
function stubAdminWithoutTwoFactor({ enabled = false } = {}) {
  signIn({ role: 'admin' });
  const stub = stubFetch(({ url, body }) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
    if (url === '/api/auth/two-factor')
      return jsonResponse(200, { message: '', data: { enabled, recovery_codes_left: enabled ? 4 : 0 } });
    if (url === '/api/auth/two-factor/setup') return jsonResponse(200, { message: '', data: setup });
    if (url === '/api/auth/two-factor/confirm') {
      if ((body as { code: string }).code !== '123456')
        return jsonResponse(422, { message: 'The code is not valid.', errors: { code: ['The code is not valid.'] } });
      enabled = true;
      return jsonResponse(200, { message: 'Two-factor sign-in is on.', data: { recovery_codes: recoveryCodes } });
    }
    if (!enabled) return jsonResponse(403, REFUSED);
    if (url.startsWith('/api/admin/dashboard')) return jsonResponse(200, { message: '', data: makeDashboard('7d') });
    if (url === '/api/wallet/me') return jsonResponse(200, { message: '', data: wallet });
    if (url.startsWith('/api/wallet-transactions/me'))
      return jsonResponse(200, {
        message: '',
        data: { current_page: 1, last_page: 1, per_page: 15, total: 0, data: [] },
      });
    if (url === '/api/notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
    return undefined;
  });
  return stub;
}

describe('an admin who must set up two-factor sign-in first', () => {
  it('is shown the setup instead of the refused screen, and the screen once it is on', async () => {
    const { calls } = stubAdminWithoutTwoFactor();
    const { user, router } = renderApp('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByText(/needs two-factor sign-in before you can use the admin area/)).toBeInTheDocument();
    // Still signed in, still at the address asked for, and no error toast for the refusal.
    expect(getSession().token).toBe('test-token');
    expect(router.state.location.pathname).toBe('/admin');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    // The server refused an admin call (the dashboard's, or the sidebar's counts, whichever went first).
    expect(calls.some(({ url }) => url.startsWith('/api/admin/'))).toBe(true);

    const region = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await user.click(await within(region).findByRole('button', { name: 'Turn on' }));
    await user.type(await within(region).findByLabelText('6-digit code'), '123456');
    await user.click(within(region).getByRole('button', { name: 'Confirm' }));
    expect(await within(region).findByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();
    // The codes stay until they are put away, although the server serves the session now.
    expect(screen.getByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'I have saved them' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('₦75,000')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).not.toBeInTheDocument();
  });

  it('sees the setup once on the settings screen too, and on every admin address', async () => {
    stubAdminWithoutTwoFactor();
    const { user } = renderApp('/admin/setting');
    expect(await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Two-factor sign-in' })).toHaveLength(1));
    expect(screen.queryByRole('heading', { level: 1, name: 'Settings' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Orders' }));
    expect(screen.getByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).toBeInTheDocument();
  });

  it('is taken from a customer screen to the setup, told why, and brought back to that screen once it is on', async () => {
    stubAdminWithoutTwoFactor();
    const { user, router } = renderApp('/wallet');

    const heading = await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING });
    expect(router.state.location.pathname).toBe('/admin/setting');
    expect(
      screen.getByText(/needs two-factor sign-in before you can use Ruwa, its customer screens included/),
    ).toBeInTheDocument();
    expect(screen.getByText(/afterwards you go back to the screen you were on/)).toBeInTheDocument();
    // Focus starts on the reason, for keyboard and screen reader users brought here unasked.
    expect(heading).toHaveFocus();
    expect(screen.queryByRole('heading', { level: 1, name: 'Wallet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Settings' })).not.toBeInTheDocument();
    expect(getSession().token).toBe('test-token');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();

    const region = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await user.click(await within(region).findByRole('button', { name: 'Turn on' }));
    await user.type(await within(region).findByLabelText('6-digit code'), '123456');
    await user.click(within(region).getByRole('button', { name: 'Confirm' }));
    await user.click(await within(region).findByRole('button', { name: 'I have saved them' }));

    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('₦599.50');
    expect(router.state.location.pathname).toBe('/wallet');
    expect(screen.queryByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).not.toBeInTheDocument();
  });

  it('is taken to the setup from home too, and Back does not lead to the refused screen again', async () => {
    stubAdminWithoutTwoFactor();
    const { router } = renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/setting');

    // The refused screen was replaced in the history (Back would only bring the refusal again): there
    // is nothing to go back to, so the setup stays where it is, the same history entry.
    const setupEntry = router.state.location.key;
    await router.navigate(-1);
    expect(router.state.location).toMatchObject({ pathname: '/admin/setting', key: setupEntry });
    expect(screen.getByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).toBeInTheDocument();
  });

  it('forgets the refusal on sign-out: a new session is judged by its own replies', async () => {
    stubAdminWithoutTwoFactor();
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).toBeInTheDocument();
    cleanup();
    act(() => clearSession());

    // A new sign-in (here with the same token) by an admin whose two-factor sign-in is on.
    stubAdminWithoutTwoFactor({ enabled: true });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: TWO_FACTOR_REQUIRED_HEADING })).not.toBeInTheDocument();
  });
});
