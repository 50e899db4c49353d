import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@/testing/catalog-fixtures';
import { makeOrder } from '@/testing/order-fixtures';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const order = makeOrder({ status: 'paid', payment_method: 'wallet' });

describe('/transaction/results', () => {
  it("lists the customer's orders, opens one, and links to the wallet's entries", async () => {
    signIn();
    stubFetch(({ url }) => {
      if (url === '/api/users/me') return jsonResponse(200, { message: '', data: makeUser() });
      if (url.startsWith('/api/product-order/me')) return jsonResponse(200, { message: '', data: pageOf([order]) });
      if (url.startsWith('/api/product-order/show')) return jsonResponse(200, { message: '', data: order });
      if (url.startsWith('/api/subscription-order/me')) return jsonResponse(200, { message: '', data: pageOf([]) });
      if (url === '/api/notifications/unread-count') return jsonResponse(200, { message: '', data: { count: 0 } });
      return undefined;
    });
    const { user, router } = renderApp('/transaction/results');

    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wallet transactions' })).toHaveAttribute('href', '/wallet');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    const link = await screen.findByRole('link', { name: /Order ORD-41/ });
    expect(within(link).getByText('Pure Life Sachet (20 pieces)')).toBeInTheDocument();

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: /Order ORD-41/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/orders');
    expect(router.state.location.search).toBe('?id=41');
  });
});
