import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const emptyPage = {
  current_page: 1,
  last_page: 1,
  per_page: 15,
  total: 0,
  prev_page_url: null,
  next_page_url: null,
  data: [],
};

describe('customer shell', () => {
  it('has the logo, the user link and the bottom tabs', async () => {
    signIn();
    stubFetch(({ url }) =>
      url === '/api/users/me' ? jsonResponse(200, { message: '', data: makeUser() }) : undefined,
    );
    renderApp('/home');
    expect(
      await screen.findByText('Buy sachet and bottle water with ease. Get cooking gas at your doorstep'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ruwa home' })).toHaveAttribute('href', '/home');
    const userLink = screen.getByRole('link', { name: /Your profile/ });
    expect(userLink).toHaveAttribute('href', '/profile');
    expect(userLink).toHaveTextContent('Ada');
    expect(userLink).toHaveTextContent('ada@ruwa.local');
    // Named by its content, so the name read out contains the words on screen.
    expect(userLink).not.toHaveAttribute('aria-label');
    expect(userLink).toHaveAccessibleName('Your profile: Ada, ada@ruwa.local');
    expect(within(userLink).getByText('AO')).toBeInTheDocument();

    const tabs = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Notification', '/notifications'],
      ['Profile', '/profile'],
      ['Wallet', '/wallet'],
    ]);
    expect(tabs[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });
});

describe('admin shell', () => {
  it('toggles the sidebar on small screens and logs out', async () => {
    signIn({ role: 'admin' });
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser({ role: 'admin' }) });
      if (url === '/api/auth/logout') return jsonResponse(200, { message: 'Logged out', data: null });
      if (url === '/api/admin/alerts')
        return jsonResponse(200, { message: '', data: { unaccepted_orders: 4, pending_agents: 0 } });
      return jsonResponse(200, { message: '', data: emptyPage });
    });
    const { user, router } = renderApp('/admin');
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(sidebar).toHaveClass('hidden');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).not.toHaveClass('hidden');

    const links = within(screen.getByRole('navigation', { name: 'Admin' })).getAllByRole('link');
    // The spec's sidebar first, in its order; entries beyond the spec follow.
    expect(links.map((link) => link.textContent).slice(0, 6)).toEqual([
      'Dashboard',
      'Locations',
      'Product Category',
      'Products',
      'Raffle Tickets',
      'Settings',
    ]);
    // Orders no agent took are counted beside their entry; the admin's own notifications are a step away.
    const nav = within(screen.getByRole('navigation', { name: 'Admin' }));
    expect(await nav.findByRole('link', { name: 'Orders, 4 waiting for an agent' })).toHaveAttribute(
      'href',
      '/admin/orders',
    );
    expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/admin/notifications');
    expect(nav.getByRole('link', { name: 'Agents' })).toHaveTextContent(/^Agents$/);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});
