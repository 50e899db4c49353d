import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@ruwa/contract';
import { getSession } from '@/lib/session';
import {
  findToast,
  jsonResponse,
  makeUser,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';

const SENT = { sent_to: '+2348031234567', expires_in_seconds: 600, resend_in_seconds: 60 };
const sentReply = () => jsonResponse(200, { message: 'We sent a 6-digit code to 08031234567.', data: SENT });

/** The API for an unverified customer; `routes` ("METHOD path") answer first. */
function stubApi(routes: Record<string, (request: RecordedRequest) => Response | undefined> = {}) {
  let user: User = makeUser({ phone_verified: false });
  const stub = stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname.replace(/^\/api\//, '');
    const custom = routes[`${request.method} ${path}`];
    if (custom) return custom(request);
    if (path === 'users/me') return jsonResponse(200, { message: '', data: user });
    if (path === 'auth/phone/verify') {
      if ((request.body as { code: string }).code !== '123456') {
        const message = 'That code is not right. 4 tries left.';
        return jsonResponse(422, { message, errors: { code: [message] } });
      }
      user = { ...user, phone_verified: true };
      return jsonResponse(200, { message: 'Your phone number is verified.', data: user });
    }
    if (path === 'notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
    return undefined;
  });
  return stub;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verify phone screen', () => {
  it('is reached from the profile, texts a code, takes it back, and returns to the profile verified', async () => {
    signIn({ phone_verified: false });
    const { calls } = stubApi({ 'POST auth/phone/send-code': sentReply });
    const { user, router } = renderApp('/profile');
    const status = await screen.findByRole('region', { name: 'Verification' });
    expect(within(status).getAllByText('Not verified')).toHaveLength(1);
    await user.click(within(status).getByRole('link', { name: 'Verify phone' }));
    expect(router.state.location.pathname).toBe('/profile/verify-phone');

    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your phone number' })).toBeInTheDocument();
    expect(screen.getByText('08031234567')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const field = await screen.findByLabelText('6-digit code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Send a new code in \d+s$/ })).toBeDisabled();
    expect(calls.filter(({ url }) => url === '/api/auth/phone/send-code')).toHaveLength(1);

    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findAllByText('That code is not right. 4 tries left.')).not.toHaveLength(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findToast('Action Successful', 'Your phone number is verified.');
    expect(router.state.location.pathname).toBe('/profile');
    expect(calls.filter(({ url }) => url === '/api/auth/phone/verify').at(-1)?.body).toEqual({ code: '123456' });
    expect(getSession().user?.phone_verified).toBe(true);
    expect(await screen.findByRole('region', { name: 'Verification' })).not.toHaveTextContent('Not verified');
  });

  it('checks the code has six digits before asking the server', async () => {
    signIn({ phone_verified: false });
    const { calls } = stubApi({ 'POST auth/phone/send-code': sentReply });
    const { user } = renderApp('/profile/verify-phone');
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '12a4');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code we sent by SMS.')).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/auth/phone/verify')).toBe(false);
  });

  it('lets another code be asked for once the minute is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    signIn({ phone_verified: false });
    const { calls } = stubApi({ 'POST auth/phone/send-code': sentReply });
    const { user } = renderApp('/profile/verify-phone');
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Send a new code in 60s' })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(45_000);
    });
    expect(screen.getByRole('button', { name: 'Send a new code in 15s' })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(await screen.findByRole('button', { name: 'Send a new code in 60s' })).toBeDisabled();
    expect(calls.filter(({ url }) => url === '/api/auth/phone/send-code')).toHaveLength(2);
  });

  it("shows the server's wait when asked too soon, and keeps the code field for the code already sent", async () => {
    signIn({ phone_verified: false });
    const wait = 'Please wait 42 seconds before asking for another code.';
    stubApi({
      'POST auth/phone/send-code': () =>
        new Response(JSON.stringify({ message: wait }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
        }),
    });
    const { user } = renderApp('/profile/verify-phone');
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wait);
    expect(screen.getByLabelText('6-digit code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Send a new code in (42|41)s$/ })).toBeDisabled();
  });

  it('says when the SMS could not be sent, and offers to try again', async () => {
    signIn({ phone_verified: false });
    const failed = 'We could not send the SMS just now. Please try again in a minute.';
    stubApi({ 'POST auth/phone/send-code': () => jsonResponse(502, { message: failed }) });
    const { user } = renderApp('/profile/verify-phone');
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(failed);
    await findToast('Error!', failed);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
  });

  it('withdrawing leads here and back: the notice links to verification, which returns to the withdraw screen', async () => {
    signIn({ phone_verified: false });
    stubApi({
      'POST auth/phone/send-code': sentReply,
      'GET wallet/me': () => jsonResponse(200, { message: '', data: { balance: 2500, savings: 0, bank_details: [] } }),
      'GET banks': () => jsonResponse(200, { message: '', data: [{ name: 'United Bank For Africa', code: '033' }] }),
    });
    const { user, router } = renderApp('/wallet/withdraw');
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('Verify your phone number to withdraw');
    const link = within(notice).getByRole('link', { name: 'Verify phone number' });
    expect(link).toHaveAttribute('href', '/profile/verify-phone?redirectTo=%2Fwallet%2Fwithdraw');
    await user.click(link);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findToast('Action Successful', 'Your phone number is verified.');
    expect(router.state.location.pathname).toBe('/wallet/withdraw');
    expect(await screen.findByRole('form', { name: 'New account' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
