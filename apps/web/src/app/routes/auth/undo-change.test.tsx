import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, signIn, stubFetch } from '@/testing/render-app';

describe('undo a contact change screen', () => {
  it('undoes only when asked, then signs this device out and offers to sign in', async () => {
    signIn();
    const { calls } = stubFetch(({ url }) =>
      url === '/api/auth/contact-change/undo'
        ? jsonResponse(200, {
            message: 'The change was undone and everyone signed in to your account was signed out.',
            data: null,
          })
        : undefined,
    );
    const { user } = renderApp('/auth/undo-change?token=undo-token-123');
    const button = await screen.findByRole('button', { name: 'Undo this change' });
    expect(calls.some(({ url }) => url === '/api/auth/contact-change/undo')).toBe(false);
    await user.click(button);
    expect(await screen.findByText(/The change was undone/)).toBeInTheDocument();
    expect(calls.find(({ url }) => url === '/api/auth/contact-change/undo')?.body).toEqual({ token: 'undo-token-123' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('says so when the link is used or expired', async () => {
    stubFetch(({ url }) =>
      url === '/api/auth/contact-change/undo'
        ? jsonResponse(422, {
            message: 'The given data was invalid.',
            errors: { token: ['This link has expired or was already used.'] },
          })
        : undefined,
    );
    const { user } = renderApp('/auth/undo-change?token=old');
    await user.click(await screen.findByRole('button', { name: 'Undo this change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
  });
});
