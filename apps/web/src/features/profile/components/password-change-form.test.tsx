import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const CHANGED = 'Your password has been changed. Other devices have been signed out.';

describe('change password screen', () => {
  it('is reached from the profile, sends the three fields, says so and goes back to the profile', async () => {
    signIn();
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url === '/api/auth/password/change') return jsonResponse(200, { message: CHANGED, data: null });
      return undefined;
    });
    const { user, router } = renderApp('/profile');
    await user.click(await screen.findByRole('link', { name: 'Change password' }));
    expect(router.state.location.pathname).toBe('/profile/password');

    await user.type(await screen.findByLabelText('Current password'), 'old-pass-2025');
    await user.type(screen.getByLabelText('New password'), 'lagoon-breeze-81');
    await user.type(screen.getByLabelText('Confirm new password'), 'lagoon-breeze-81');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await findToast('Action Successful', CHANGED);
    expect(router.state.location.pathname).toBe('/profile');
    expect(calls.find(({ url }) => url === '/api/auth/password/change')?.body).toEqual({
      current_password: 'old-pass-2025',
      new_password: 'lagoon-breeze-81',
      confirm_password: 'lagoon-breeze-81',
    });
  });

  it('says when the new passwords differ, without calling the API', async () => {
    signIn();
    const { calls } = stubFetch(({ url }) =>
      url === '/api/users/me' ? jsonResponse(200, { message: '', data: makeUser() }) : undefined,
    );
    const { user } = renderApp('/profile/password');
    await user.type(await screen.findByLabelText('Current password'), 'old-pass-2025');
    await user.type(screen.getByLabelText('New password'), 'lagoon-breeze-81');
    await user.type(screen.getByLabelText('Confirm new password'), 'lagoon-breeze-82');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.some(({ url }) => url === '/api/auth/password/change')).toBe(false);
  });

  it("shows the server's reasons under their fields and stays", async () => {
    signIn();
    const weak = 'This password is too easy to guess. This is a commonly used password.';
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url === '/api/auth/password/change') {
        return jsonResponse(422, { message: weak, errors: { new_password: [weak] } });
      }
      return undefined;
    });
    const { user, router } = renderApp('/profile/password');
    await user.type(await screen.findByLabelText('Current password'), 'old-pass-2025');
    await user.type(screen.getByLabelText('New password'), 'password123');
    await user.type(screen.getByLabelText('Confirm new password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await findToast('Error!', weak);
    expect(screen.getAllByText(weak).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/profile/password');
  });
});
