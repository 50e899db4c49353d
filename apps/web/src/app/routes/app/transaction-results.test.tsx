import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@/testing/catalog-fixtures';
import { jsonResponse, makeUser, renderApp, signIn, stubFetch } from '@/testing/render-app';

const order = {
  id: 41,
  status: 'paid',
  product_id: 10,
  location_id: 1,
  location_name: 'Lekki',
  product_name: 'Pure Life Sachet (20 pieces)',
  kind: 'sachet_water',
  quantity: 2,
  unit_price: 350,
  order_sub_amount: 700,
  order_amount: 700,
  recipient_address: '12 Admiralty Way, Lekki',
  payment_method: 'wallet',
  transaction_id: 'RUWA_ORDER_1',
  subscription_id: null,
  scheduled_for: null,
  order_paid: true,
  order_payment_confirmed: true,
  created_at: '2026-01-15T10:00:00.000Z',
};

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
    const link = await screen.findByRole('link', { name: /Order #41/ });
    expect(within(link).getByText('Pure Life Sachet (20 pieces)')).toBeInTheDocument();

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: /Order #41/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/orders');
    expect(router.state.location.search).toBe('?id=41');
  });
});
