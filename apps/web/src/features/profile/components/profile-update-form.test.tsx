import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

function image(name: string, type: string, bytes = 1024) {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('profile update screen', () => {
  it('rejects files that are not jpg, png or jpeg', async () => {
    signIn();
    stubFetch(({ url }) =>
      url === '/api/users/me' ? jsonResponse(200, { message: '', data: makeUser() }) : undefined,
    );
    renderApp('/profile/update');
    const picker = await screen.findByLabelText('Change photo');
    // The picker's accept attribute filters most choices; some browsers still let others through.
    fireEvent.change(picker, { target: { files: [image('scan.gif', 'image/gif')] } });
    await findToast('Error!', 'Only jpg, png or jpeg images are allowed');
  });

  it('rejects images larger than 2 MB', async () => {
    signIn();
    stubFetch(({ url }) =>
      url === '/api/users/me' ? jsonResponse(200, { message: '', data: makeUser() }) : undefined,
    );
    const { user } = renderApp('/profile/update');
    await user.upload(
      await screen.findByLabelText('Change photo'),
      image('big.jpg', 'image/jpeg', 2 * 1024 * 1024 + 1),
    );
    await findToast('Error!', 'The image may not be larger than 2 MB.');
  });

  it('saves the details and photo, stores the returned user and goes back', async () => {
    signIn();
    const updated = makeUser({ first_name: 'Adaeze', picture: '/uploads/avatars/7.png' });
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url === '/api/users/update') return jsonResponse(200, { message: 'Profile updated', data: updated });
      return undefined;
    });
    const { user, router } = renderApp('/profile');
    await user.click(await screen.findByRole('link', { name: 'Edit profile' }));

    const firstName = await screen.findByLabelText('First Name');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('08031234567');
    await user.clear(firstName);
    await user.type(firstName, 'Adaeze');
    await user.upload(screen.getByLabelText('Change photo'), image('me.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await findToast('Action Successful', 'Profile has been updated successfully');
    expect(await screen.findByRole('heading', { level: 1, name: 'Adaeze Obi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    const request = calls.find(({ url }) => url === '/api/users/update');
    expect(request?.body).toMatchObject({
      first_name: 'Adaeze',
      last_name: 'Obi',
      email: 'ada@ruwa.local',
      phone_number: '+2348031234567',
      base64_photos: [expect.stringMatching(/^data:image\/png;base64,/)],
    });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({
      first_name: 'Adaeze',
      picture: '/uploads/avatars/7.png',
    });
  });

  it('asks for the password to change the phone, then takes the code texted to the new number', async () => {
    signIn();
    const waiting = makeUser({ pending_phone: '+2348039998888' });
    const moved = makeUser({ phone_number: '+2348039998888', pending_phone: null });
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url === '/api/users/update')
        return jsonResponse(200, {
          message: 'Profile has been updated successfully. To finish, enter the code.',
          data: waiting,
        });
      if (url === '/api/users/phone-change/verify')
        return jsonResponse(200, { message: 'Your new phone number is confirmed.', data: moved });
      return undefined;
    });
    const { user, router } = renderApp('/profile/update');
    const phone = await screen.findByLabelText('Phone Number');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '08039998888');
    await user.type(screen.getByLabelText('Current password'), 'ruwa-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await findToast('Action Successful', 'Profile has been updated successfully. To finish, enter the code.');
    expect(calls.find(({ url }) => url === '/api/users/update')?.body).toMatchObject({
      phone_number: '+2348039998888',
      current_password: 'ruwa-demo-2026',
    });
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm new number' }));
    await findToast('Action Successful', 'Your new phone number is confirmed.');
    expect(calls.find(({ url }) => url === '/api/users/phone-change/verify')?.body).toEqual({ code: '123456' });
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').phone_number).toBe('+2348039998888');
    expect(router.state.location.pathname).not.toBe('/profile/update');
  });

  it('shows server validation errors under the fields', async () => {
    signIn();
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      return jsonResponse(422, {
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });
    });
    const { user, router } = renderApp('/profile/update');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await findToast('Error!', 'The email has already been taken.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('The email has already been taken.');
    expect(router.state.location.pathname).toBe('/profile/update');
  });
});
