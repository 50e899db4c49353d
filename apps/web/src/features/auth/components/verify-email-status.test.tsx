import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { deferred, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

describe('e-mail verification link page', () => {
  it('uses the token once as the page opens, says so, and sends a signed-out visitor on to sign in', async () => {
    const { calls } = stubFetch(({ url }) =>
      url === '/api/auth/email/verify'
        ? jsonResponse(200, { message: 'Your e-mail address is verified.', data: null })
        : undefined,
    );
    renderApp('/auth/verify-email?token=tok_abc123');
    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    const posts = calls.filter(({ url }) => url === '/api/auth/email/verify');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: 'tok_abc123' });
  });

  it('refreshes a signed-in user so the profile shows the address verified', async () => {
    signIn({ email_verified: false });
    let verified = false;
    const answer = deferred<void>();
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/auth/email/verify') {
        // Held until the app's first users/me (still unverified) has been answered.
        return answer.promise.then(() => {
          verified = true;
          return jsonResponse(200, { message: 'Your e-mail address is verified.', data: null });
        });
      }
      if (url === '/api/users/me')
        return jsonResponse(200, { message: '', data: makeUser({ email_verified: verified }) });
      return undefined;
    });
    const { user, router } = renderApp('/auth/verify-email?token=tok_abc123');
    await waitFor(() => expect(calls.some(({ url }) => url === '/api/users/me')).toBe(true));
    answer.resolve();
    await waitFor(() => expect(getSession().user?.email_verified).toBe(true));
    expect(calls.filter(({ url }) => url === '/api/users/me')).toHaveLength(2);

    await user.click(await screen.findByRole('link', { name: 'Go to your profile' }));
    expect(router.state.location.pathname).toBe('/profile');
    const status = await screen.findByRole('region', { name: 'Verification' });
    expect(within(status).getAllByText('Verified')).toHaveLength(2);
  });

  it('shows the address verified when the first look at the user, read before the link was used, answers after it', async () => {
    signIn({ email_verified: false });
    let verified = false;
    let looks = 0;
    const firstLook = deferred<void>();
    stubFetch(({ url }) => {
      if (url === '/api/auth/email/verify') {
        verified = true;
        return jsonResponse(200, { message: 'Your e-mail address is verified.', data: null });
      }
      if (url === '/api/users/me') {
        looks += 1;
        if (looks === 1)
          return firstLook.promise.then(() =>
            jsonResponse(200, { message: '', data: makeUser({ email_verified: false }) }),
          );
        return jsonResponse(200, { message: '', data: makeUser({ email_verified: verified }) });
      }
      return undefined;
    });
    const { user } = renderApp('/auth/verify-email?token=tok_abc123');
    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
    firstLook.resolve();
    await user.click(screen.getByRole('link', { name: 'Go to your profile' }));
    const status = await screen.findByRole('region', { name: 'Verification' });
    await waitFor(() => expect(within(status).getAllByText('Verified')).toHaveLength(2));
  });

  it("shows the server's reason when the link is expired or used", async () => {
    const invalid = 'This link has expired or was already used. Ask for a new one from your profile.';
    stubFetch(({ url }) =>
      url === '/api/auth/email/verify'
        ? jsonResponse(422, { message: invalid, errors: { token: [invalid] } })
        : undefined,
    );
    renderApp('/auth/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(invalid);
  });

  it('says when the link has lost its token, without calling the API', async () => {
    const { calls } = stubFetch(() => undefined);
    renderApp('/auth/verify-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is missing its code.');
    expect(calls.some(({ url }) => url === '/api/auth/email/verify')).toBe(false);
  });
});
