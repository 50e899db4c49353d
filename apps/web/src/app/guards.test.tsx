import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findToast, jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const emptyPage = {
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: 0,
  prev_page_url: null,
  next_page_url: null,
  data: [],
};

describe('route guards', () => {
  it('sends a customer away from /admin to /home with a toast', async () => {
    signIn({ role: 'customer' });
    const { calls } = stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      // The home screen's categories and locations.
      if (url.startsWith('/api/product/category/index') || url.startsWith('/api/location/index')) {
        return jsonResponse(200, { message: '', data: emptyPage });
      }
      return undefined;
    });
    const { router } = renderApp('/admin');

    await findToast('Error!', 'You do not have access to that page.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(calls.some(({ url }) => url.includes('/admin/'))).toBe(false);
  });

  it('shows the dashboard to an admin', async () => {
    signIn({ role: 'admin' });
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url.startsWith('/api/admin/customers')) return jsonResponse(200, { message: '', data: emptyPage });
      return undefined;
    });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login screen and back after signing in', async () => {
    stubFetch(({ url }) =>
      url === '/api/auth/login'
        ? jsonResponse(200, {
            message: 'ok',
            data: { access_token: 'tok', token_type: 'Bearer', expires_at: '2026-12-01T00:00:00Z', user: makeUser() },
          })
        : undefined,
    );
    const { router, user } = renderApp('/profile/update');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?redirectTo=%2Fprofile%2Fupdate');

    await user.type(screen.getByLabelText('Email'), 'ada@ruwa.local');
    await user.type(screen.getByLabelText('Password'), 'ruwa-demo-2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Update profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/update');
  });

  it('sends / to /home when signed in and to /auth/login when not', async () => {
    stubFetch(({ url }) =>
      url === '/api/users/me' ? jsonResponse(200, { message: '', data: makeUser() }) : undefined,
    );
    const signedOut = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(signedOut.router.state.location.pathname).toBe('/auth/login');
  });

  it('sends a signed-in user from / to /home', async () => {
    signIn();
    stubFetch(({ url }) =>
      url === '/api/users/me' ? jsonResponse(200, { message: '', data: makeUser() }) : undefined,
    );
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows the not-found screen for unknown addresses', async () => {
    stubFetch(() => undefined);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('session expiry', () => {
  it('on a 401 clears the session and sends the user to login, remembering the page', async () => {
    signIn({}, 'expired-token');
    stubFetch(({ url }) => (url === '/api/users/me' ? jsonResponse(401, { message: 'Unauthenticated.' }) : undefined));
    const { router } = renderApp('/profile');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?redirectTo=%2Fprofile');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    await findToast('Error!', 'User not found or token has expired');
  });

  it('refreshes the stored user from GET users/me when the app opens', async () => {
    signIn({ first_name: 'Ada' });
    const { calls } = stubFetch(({ url }) =>
      url === '/api/users/me'
        ? jsonResponse(200, { message: '', data: makeUser({ first_name: 'Adaeze' }) })
        : undefined,
    );
    renderApp('/home');
    expect(await screen.findByText('Adaeze')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ first_name: 'Adaeze' });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer test-token');
  });
});
