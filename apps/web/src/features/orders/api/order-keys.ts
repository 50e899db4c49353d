/** Query keys of the orders screens; everything under ['orders'] changes when an order is placed. */
export const orderKeys = {
  all: ['orders'] as const,
  myOrders: (page: number) => ['orders', 'me', page] as const,
  order: (id: number) => ['orders', 'one', id] as const,
  mySubscriptions: (page: number) => ['orders', 'subscriptions', page] as const,
  walletBalance: () => ['orders', 'wallet-balance'] as const,
};
