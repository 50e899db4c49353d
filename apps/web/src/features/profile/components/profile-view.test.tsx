import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const me = () => jsonResponse(200, { message: '', data: makeUser() });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('profile screen', () => {
  it('shows the user with the phone number in local form', async () => {
    signIn();
    stubFetch(({ url }) => (url === '/api/users/me' ? me() : undefined));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Obi' })).toBeInTheDocument();
    expect(screen.getAllByText('ada@ruwa.local').length).toBeGreaterThan(0);
    expect(screen.getByText('08031234567')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Update your profile and photo/ })).toHaveAttribute(
      'href',
      '/profile/update',
    );
  });

  it('shows both verified, and offers nothing to do then', async () => {
    signIn();
    stubFetch(({ url }) => (url === '/api/users/me' ? me() : undefined));
    renderApp('/profile');
    const status = await screen.findByRole('region', { name: 'Verification' });
    expect(within(status).getAllByText('Verified')).toHaveLength(2);
    expect(within(status).queryByRole('link')).not.toBeInTheDocument();
    expect(within(status).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends the e-mail verification link on request and says where it went', async () => {
    const unverified = makeUser({ email_verified: false });
    signIn(unverified);
    const sent = 'We sent a link to ada@ruwa.local. Open it to confirm your address.';
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: unverified });
      if (url === '/api/auth/email/send-link') {
        return jsonResponse(200, {
          message: sent,
          data: { sent_to: 'ada@ruwa.local', expires_in_seconds: 86_400, resend_in_seconds: 60 },
        });
      }
      return undefined;
    });
    const { user } = renderApp('/profile');
    const status = await screen.findByRole('region', { name: 'Verification' });
    expect(within(status).getByText('Not verified')).toBeInTheDocument();
    // The phone is verified: no way to withdraw is blocked, so no reason is given.
    expect(within(status).queryByText(/to withdraw/)).not.toBeInTheDocument();
    await user.click(within(status).getByRole('button', { name: 'Verify e-mail' }));
    await findToast('Success', sent);
    expect(within(status).getByText('Link sent to ada@ruwa.local. Open it to confirm.')).toBeInTheDocument();
    expect(calls.filter(({ url }) => url === '/api/auth/email/send-link')).toHaveLength(1);
  });

  it('copies the referral code', async () => {
    signIn();
    stubFetch(({ url }) => (url === '/api/users/me' ? me() : undefined));
    const { user } = renderApp('/profile');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(await screen.findByRole('button', { name: 'Copy referral code ADA7QX' }));
    expect(writeText).toHaveBeenCalledWith('ADA7QX');
    await findToast('Success', 'Referral code copied');
  });

  it('shares the registration link with the code when the device can share', async () => {
    signIn();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    stubFetch(({ url }) => (url === '/api/users/me' ? me() : undefined));
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/auth/register?ref=ADA7QX` }),
    );
  });

  it('offers a "Share on WhatsApp" link carrying the code and the sign-up link', async () => {
    signIn();
    stubFetch(({ url }) => (url === '/api/users/me' ? me() : undefined));
    renderApp('/profile');
    const link = await screen.findByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin).toBe('https://wa.me');
    const text = href.searchParams.get('text')!;
    expect(text).toContain('Use my referral code ADA7QX');
    expect(text).toContain('/auth/register?ref=ADA7QX');
  });

  it('offers no Share button without the Web Share API', async () => {
    signIn();
    stubFetch(({ url }) => (url === '/api/users/me' ? me() : undefined));
    renderApp('/profile');
    expect(await screen.findByRole('button', { name: /Copy referral code/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('logs out on the server, clears the session and goes to the login screen', async () => {
    signIn();
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return me();
      if (url === '/api/auth/logout') return jsonResponse(200, { message: 'Logged out', data: null });
      return undefined;
    });
    const { user, router } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(calls.find(({ url }) => url === '/api/auth/logout')?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });
});

describe('receipt e-mails setting', () => {
  it('shows receipts on by default, says which mails always go, and turns them off', async () => {
    signIn();
    const { calls } = stubFetch(({ url, body }) => {
      if (url === '/api/users/me') return me();
      if (url === '/api/users/mail-preferences/me')
        return jsonResponse(200, { message: '', data: { receipt_mails: true } });
      if (url === '/api/users/mail-preferences/update')
        return jsonResponse(200, { message: 'Receipts by e-mail are off.', data: body });
      return undefined;
    });
    const { user } = renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'E-mail receipts' });
    const toggle = await within(section).findByRole('switch', { name: 'E-mail me a receipt for every payment' });
    expect(toggle).toBeChecked();
    expect(within(section).getByText('Always e-mailed:')).toBeInTheDocument();
    expect(
      within(section).getByText(/withdrawals \(asked for, paid or failed\), refunds and bank transfers/),
    ).toBeInTheDocument();

    await user.click(toggle);
    await findToast('Success', 'Receipts by e-mail are off.');
    expect(toggle).not.toBeChecked();
    expect(within(section).getByText('Off: no receipts for your own purchases and deposits')).toBeInTheDocument();
    expect(calls.filter(({ url }) => url === '/api/users/mail-preferences/update').map(({ body }) => body)).toEqual([
      { receipt_mails: false },
    ]);
  });

  it('says an unverified address gets no receipts', async () => {
    const unverified = makeUser({ email_verified: false });
    signIn(unverified);
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: unverified });
      if (url === '/api/users/mail-preferences/me')
        return jsonResponse(200, { message: '', data: { receipt_mails: false } });
      return undefined;
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'E-mail receipts' });
    expect(
      await within(section).findByRole('switch', { name: 'E-mail me a receipt for every payment' }),
    ).not.toBeChecked();
    expect(within(section).getByText(/Receipts go to a verified address only/)).toBeInTheDocument();
  });
});
