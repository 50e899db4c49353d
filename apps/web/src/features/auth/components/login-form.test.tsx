import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, findToast, jsonResponse, makeUser, renderApp, stubFetch } from '@/testing/render-app';
import { getSession } from '@/lib/session';
import { demoCategories, demoLocations, pageOf } from '@/testing/catalog-fixtures';

const loginOk = (role: 'customer' | 'admin' = 'customer') =>
  jsonResponse(200, {
    message: 'Login successful',
    data: {
      access_token: 'tok_abc',
      token_type: 'Bearer',
      expires_at: '2026-12-01T00:00:00Z',
      user: makeUser({ role }),
    },
  });

const ok = (data: unknown) => jsonResponse(200, { message: '', data });

/** The toasts on screen, not those on their way out. */
const shownToasts = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-sonner-toast]')).filter(
    (toast) => toast.dataset.removed !== 'true',
  );

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Email'), 'Ada@Ruwa.local');
  await user.type(screen.getByLabelText('Password'), 'ruwa-demo-2026');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login screen', () => {
  it('shows the strap line and the links to reset and sign up', async () => {
    stubFetch(() => undefined);
    renderApp('/auth/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Buy water, gas, airtime and data' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password? Click here' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up here' })).toHaveAttribute('href', '/auth/register');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('shows a spinner on a disabled, busy Login button while the request runs', async () => {
    const reply = deferred<Response>();
    const { calls } = stubFetch(() => reply.promise);
    const { user } = renderApp('/auth/login');
    await fillAndSubmit(user);

    const button = await screen.findByRole('button', { name: 'Login' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('[data-slot="spinner"]')).not.toBeNull();
    // Sent once the contract's schema has checked (and normalised) the fields.
    await waitFor(() =>
      expect(calls[0]).toMatchObject({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: 'ada@ruwa.local', password: 'ruwa-demo-2026' },
      }),
    );
    expect(button).toBeDisabled();

    reply.resolve(loginOk());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
  });

  it("shows the 'Error!' toast with the server's message when sign-in fails", async () => {
    stubFetch(() => jsonResponse(401, { message: 'These credentials do not match our records.' }));
    const { user, router } = renderApp('/auth/login');
    await fillAndSubmit(user);

    await findToast('Error!', 'These credentials do not match our records.');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(getSession().token).toBeNull();
  });

  it("leaves the failed attempt's toast behind when the right password opens home", async () => {
    const refusal = 'These credentials do not match our records.';
    let attempts = 0;
    stubFetch(({ url }) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/auth/login') {
        attempts += 1;
        return attempts === 1 ? jsonResponse(401, { message: refusal }) : loginOk();
      }
      // Home's own reads answer, so nothing else toasts over the refusal.
      if (path === '/api/users/me') return ok(makeUser());
      if (path === '/api/product/category/index') return ok(pageOf(demoCategories));
      if (path === '/api/location/index') return ok(pageOf(demoLocations));
      if (path === '/api/notifications/unread-count') return ok({ count: 0 });
      return undefined;
    });
    // A hidden page holds the toasts' timers, so only leaving the screen can take this one away.
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    const { user } = renderApp('/auth/login');
    await fillAndSubmit(user);
    await findToast('Error!', refusal);

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruwa' })).toBeInTheDocument();
    await waitFor(() => expect(shownToasts().some((toast) => toast.textContent?.includes(refusal))).toBe(false));
    hidden.mockRestore();
  });

  it('stores the token and user, then returns to the page the user came from', async () => {
    stubFetch(({ url }) => (url === '/api/auth/login' ? loginOk() : undefined));
    const { user, router } = renderApp('/auth/login?redirectTo=%2Fprofile');
    await fillAndSubmit(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Obi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(window.localStorage.getItem('token')).toBe('tok_abc');
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ email: 'ada@ruwa.local' });
  });

  it('sends admins to the dashboard by default', async () => {
    stubFetch(({ url }) => {
      if (url === '/api/auth/login') return loginOk('admin');
      if (url.startsWith('/api/admin/customers')) {
        return jsonResponse(200, {
          message: '',
          data: {
            current_page: 1,
            last_page: 1,
            per_page: 15,
            total: 0,
            prev_page_url: null,
            next_page_url: null,
            data: [],
          },
        });
      }
      return undefined;
    });
    const { user, router } = renderApp('/auth/login');
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('checks required fields before calling the API', async () => {
    const { calls } = stubFetch(() => undefined);
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('The email field is required.');
    expect(within(screen.getByRole('main')).getByText('The password field is required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
