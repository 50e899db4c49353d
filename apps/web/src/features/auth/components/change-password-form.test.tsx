import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, renderApp, stubFetch } from '@/testing/render-app';

describe('change password screen', () => {
  it('takes the e-mail and the code sent by SMS when there is no link', async () => {
    const { calls } = stubFetch(({ url }) =>
      url === '/api/auth/password/reset'
        ? jsonResponse(200, { message: 'Your password has been changed. Sign in with the new password.', data: null })
        : undefined,
    );
    const { user, router } = renderApp('/auth/change-password');
    await user.click(await screen.findByRole('link', { name: 'Enter the code' }));
    await user.type(await screen.findByLabelText('Email'), 'kemi@example.com');
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await findToast('Success', 'Your password has been changed. Sign in with the new password.');
    expect(calls.find(({ url }) => url === '/api/auth/password/reset')?.body).toMatchObject({
      email: 'kemi@example.com',
      code: '123456',
      new_password: 'brand-new-pass',
    });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it("says 'Passwords do not match' and does not call the API", async () => {
    const { calls } = stubFetch(() => undefined);
    const { user } = renderApp('/auth/change-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pasS');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(calls).toHaveLength(0);
  });

  it('says so even while the new password is still too short', async () => {
    const { calls } = stubFetch(() => undefined);
    const { user } = renderApp('/auth/change-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 8 characters.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the token from the address and goes to the login screen on success', async () => {
    const { calls } = stubFetch(() => jsonResponse(200, { message: 'Your password has been reset.', data: null }));
    const { user, router } = renderApp('/auth/change-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await findToast('Success', 'Your password has been reset.');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(calls[0]).toMatchObject({
      url: '/api/auth/password/reset',
      body: { token: 'abc123', new_password: 'brand-new-pass', confirm_password: 'brand-new-pass' },
    });
  });

  it("shows 'User not found or token has expired' when the token is rejected", async () => {
    stubFetch(() => jsonResponse(422, { message: 'Invalid token', errors: { token: ['Invalid token'] } }));
    const { user, router } = renderApp('/auth/change-password?token=expired');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await findToast('Error!', 'User not found or token has expired');
    expect(router.state.location.pathname).toBe('/auth/change-password');
  });

  it('explains a link without a token and offers a new one', async () => {
    stubFetch(() => undefined);
    renderApp('/auth/change-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(/missing its code/);
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
