import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import {
  findToast,
  jsonResponse,
  makeUser,
  memoryRouter,
  renderApp,
  signIn,
  stubFetch,
  type RecordedRequest,
} from '@/testing/render-app';
import { App } from './app';
import { NO_ACCESS_MESSAGE } from './guards';

const emptyPage = {
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: 0,
  prev_page_url: null,
  next_page_url: null,
  data: [],
};

/** The signed-in user and the home screen's categories and locations. */
function homeAnswers(role: 'customer' | 'admin' = 'customer') {
  return ({ url }: RecordedRequest) => {
    if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role }) });
    if (url.startsWith('/api/product/category/index') || url.startsWith('/api/location/index')) {
      return jsonResponse(200, { message: '', data: emptyPage });
    }
    if (url.startsWith('/api/admin/customers')) return jsonResponse(200, { message: '', data: emptyPage });
    return undefined;
  };
}

describe('route guards', () => {
  it('sends a customer away from /admin to /home with a toast', async () => {
    signIn({ role: 'customer' });
    const { calls } = stubFetch(homeAnswers());
    const { router } = renderApp('/admin');

    await findToast('Error!', 'You do not have access to that page.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(calls.some(({ url }) => url.includes('/admin/'))).toBe(false);
  });

  it('toasts a refusal once, also under StrictMode (which runs effects twice)', async () => {
    signIn({ role: 'customer' });
    stubFetch(homeAnswers());
    const errorToast = vi.spyOn(toast, 'error');
    const { Router, router } = memoryRouter('/admin');
    render(
      <StrictMode>
        <App Router={Router} />
      </StrictMode>,
    );

    await findToast('Error!', NO_ACCESS_MESSAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(errorToast.mock.calls.filter(([, options]) => options?.description === NO_ACCESS_MESSAGE)).toHaveLength(1);
  });

  it.each([
    ['/auth/login?redirectTo=%2Fhome', 'customer', '/home'],
    // Never to another site: the default landing instead.
    ['/auth/login?redirectTo=%2F%2Fevil.example', 'customer', '/home'],
    ['/auth/register', 'customer', '/home'],
    ['/auth/login', 'admin', '/admin'],
  ] as const)('sends a signed-in user from %s (%s) on to %s', async (path, role, landing) => {
    signIn({ role });
    stubFetch(homeAnswers(role));
    const { router } = renderApp(path);
    const heading = role === 'admin' ? 'Dashboard' : 'Ruwa';
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(landing);
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
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

  it('says why a session ended when the server does (a suspension, a password change)', async () => {
    signIn({}, 'revoked-token');
    const why = 'You were signed out because this account has been suspended. Contact support to restore it.';
    stubFetch(({ url }) =>
      url === '/api/users/me' ? jsonResponse(401, { message: why, code: 'account_suspended' }) : undefined,
    );
    const { router } = renderApp('/wallet');
    await findToast('Error!', why);
    expect(router.state.location.pathname).toBe('/auth/login');
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
