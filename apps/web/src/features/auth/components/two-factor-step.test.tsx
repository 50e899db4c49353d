import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, stubFetch, type RecordedRequest } from '@/testing/render-app';
import { getSession } from '@/lib/session';

const challenge = {
  two_factor_required: true,
  challenge_token: 'challenge_abcdefghijklmnopqrstuvwxyz',
  expires_at: '2026-12-01T00:05:00Z',
};

const admin = makeUser({ role: 'admin', first_name: 'Amaka' });

function stubTwoFactorLogin(codeStep: (request: RecordedRequest) => Response) {
  return stubFetch((request) => {
    if (request.url === '/api/auth/login') {
      return jsonResponse(200, { message: 'Enter the 6-digit code from your authenticator app.', data: challenge });
    }
    if (request.url === '/api/auth/login/two-factor') return codeStep(request);
    if (request.url === '/api/users/me') return jsonResponse(200, { message: '', data: admin });
    return undefined;
  });
}

async function passwordStep(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'admin@ruwa.local');
  await user.type(screen.getByLabelText('Password'), 'ruwa-admin-2026');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login code step', () => {
  it('asks for the code after the password, shows a wrong code under the field, and signs in with the right one', async () => {
    const { calls } = stubTwoFactorLogin(({ body }) =>
      (body as { code: string }).code.replace(/\s/g, '') === '123456'
        ? jsonResponse(200, {
            message: 'Login successful',
            data: { access_token: 'tok_admin', token_type: 'Bearer', expires_at: '2026-12-31T00:00:00Z', user: admin },
          })
        : jsonResponse(422, {
            message: 'The code is not valid. Check the time on your phone and try again.',
            errors: { code: ['The code is not valid. Check the time on your phone and try again.'] },
          }),
    );
    const { user, router } = renderApp('/auth/login?redirectTo=%2Fadmin%2Fsetting');
    await passwordStep(user);

    const form = await screen.findByRole('form', { name: 'Two-factor sign-in' });
    // The password step alone starts no session.
    expect(getSession().token).toBeNull();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();

    const code = within(form).getByLabelText('Code');
    // Checked with the contract's schema first: a short code is refused at the field, unsent.
    await user.type(code, '12');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    await findToast('Error!', 'The code is not valid.');
    expect(code).toHaveAccessibleDescription('The code is not valid. Check the time on your phone and try again.');
    expect(getSession().token).toBeNull();

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(router.state.location.pathname).toBe('/admin/setting');
    expect(getSession().token).toBe('tok_admin');
    expect(calls.filter(({ url }) => url === '/api/auth/login/two-factor').map(({ body }) => body)).toEqual([
      { challenge_token: challenge.challenge_token, code: '000000' },
      // Sent as the schema reads it, spaces gone.
      { challenge_token: challenge.challenge_token, code: '123456' },
    ]);
  });

  it('goes back to e-mail and password when the challenge has expired', async () => {
    stubTwoFactorLogin(() =>
      jsonResponse(401, { message: 'This sign-in has expired. Enter your e-mail and password again.' }),
    );
    const { user } = renderApp('/auth/login');
    await passwordStep(user);
    const form = await screen.findByRole('form', { name: 'Two-factor sign-in' });
    await user.type(within(form).getByLabelText('Code'), '654321');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));

    await findToast('Error!', 'This sign-in has expired.');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Two-factor sign-in' })).not.toBeInTheDocument();
    expect(getSession().token).toBeNull();
  });
});
