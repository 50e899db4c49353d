import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, stubFetch } from '@/testing/render-app';

async function fillForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Obi');
  await user.type(screen.getByLabelText('Email'), 'ada@ruwa.local');
  await user.type(screen.getByLabelText('Phone Number'), '0803 123 4567');
  await user.type(screen.getByLabelText('Password'), 'ruwa-demo-2026');
  await user.type(screen.getByLabelText('Confirm Password'), 'ruwa-demo-2026');
}

describe('register screen', () => {
  it("shows each field's first server error under that field and the first one in a toast", async () => {
    const { calls } = stubFetch(() =>
      jsonResponse(422, {
        message: 'The email has already been taken.',
        errors: {
          email: ['The email has already been taken.'],
          phone_number: ['The phone number has already been taken.', 'Second message not shown'],
          referral_code: ['The referral code is not valid.'],
        },
      }),
    );
    const { user, router } = renderApp('/auth/register');
    await fillForm(user);
    await user.type(screen.getByLabelText('Referral Code (optional)'), 'nope12');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await findToast('Error!', 'The email has already been taken.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('The email has already been taken.');
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription(
      'The phone number has already been taken.',
    );
    expect(screen.getByLabelText('Referral Code (optional)')).toHaveAccessibleDescription(
      'The referral code is not valid.',
    );
    expect(screen.queryByText('Second message not shown')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/register');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/register',
      body: {
        first_name: 'Ada',
        last_name: 'Obi',
        email: 'ada@ruwa.local',
        phone_number: '+2348031234567',
        password: 'ruwa-demo-2026',
        password_confirmation: 'ruwa-demo-2026',
        referral_code: 'NOPE12',
      },
    });
  });

  it('prefills the referral code from ?ref= and goes to the login screen on success', async () => {
    const { calls } = stubFetch(() =>
      jsonResponse(201, {
        message: 'Registration successful',
        data: { access_token: 'tok', token_type: 'Bearer', expires_at: '2026-12-01T00:00:00Z', user: makeUser() },
      }),
    );
    const { user, router } = renderApp('/auth/register?ref=ADA7QX');
    expect(await screen.findByLabelText('Referral Code (optional)')).toHaveValue('ADA7QX');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await findToast('Success', 'Registration successful');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@ruwa.local');
    expect(calls[0]?.body).toMatchObject({ referral_code: 'ADA7QX' });
    expect(screen.getByRole('link', { name: 'Sign up here' })).toBeInTheDocument();
  });

  it('links back to sign in', async () => {
    stubFetch(() => undefined);
    renderApp('/auth/register');
    expect(await screen.findByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/auth/login');
  });
});
