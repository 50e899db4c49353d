/**
 * Every cached server answer's key, in one place. A key is a path: invalidating a prefix
 * (`queryKeys.wallet.all`) refetches everything under it, so a screen that changes data names the
 * prefix here instead of spelling a bare array that may drift from the query it means.
 */
export const queryKeys = {
  /** GET users/me, the signed-in user. */
  currentUser: ['users', 'me'] as const,
  /** GET users/mail-preferences/me: which receipt e-mails the customer gets. */
  mailPreferences: ['users', 'mail-preferences'] as const,
  wallet: {
    /** Everything that changes when money moves in or out of the wallet. */
    all: ['wallet'] as const,
    /** GET wallet/me: balance, savings and bank details, one cached answer for every screen. */
    me: () => ['wallet', 'me'] as const,
    transactions: () => ['wallet', 'transactions'] as const,
    /** A page of the wallet history under its filters (type, from, to, q). */
    transactionsPage: (page: number, filters: Record<string, string> = {}) =>
      ['wallet', 'transactions', page, filters] as const,
    /** GET wallet/virtual-account: the bank account that funds the wallet by transfer. */
    virtualAccount: () => ['wallet', 'virtual-account'] as const,
  },
  /** GET addresses/me: the customer's saved delivery addresses, last used first. */
  addresses: { all: ['addresses'] as const, mine: () => ['addresses', 'me'] as const },
  banks: {
    list: () => ['banks', 'list'] as const,
    resolve: (accountNumber: string, bankCode: string) => ['banks', 'resolve', accountNumber, bankCode] as const,
  },
  categories: {
    all: ['categories'] as const,
    enabled: () => ['categories', 'enabled'] as const,
    list: ['categories', 'list'] as const,
    page: (page: number) => ['categories', 'list', page] as const,
    one: (id: number | null) => ['categories', 'one', id] as const,
  },
  locations: {
    all: ['locations'] as const,
    enabled: () => ['locations', 'enabled'] as const,
    /** Every location, enabled or not (the product form's price list). */
    every: () => ['locations', 'all'] as const,
    list: ['locations', 'list'] as const,
    page: (page: number) => ['locations', 'list', page] as const,
    one: (id: number | null) => ['locations', 'one', id] as const,
  },
  products: {
    all: ['products'] as const,
    page: (page: number, search: string) => ['products', 'list', page, search] as const,
    one: (id: number | null) => ['products', 'one', id] as const,
  },
  locationProducts: {
    all: ['location-products'] as const,
    list: (locationId: number, categoryId: number | null, page: number, perPage: number | null) =>
      ['location-products', 'list', locationId, categoryId, page, perPage] as const,
    one: (locationId: number, productId: number) => ['location-products', 'one', locationId, productId] as const,
  },
  orders: {
    all: ['orders'] as const,
    myOrders: (page: number) => ['orders', 'me', page] as const,
    one: (id: number) => ['orders', 'one', id] as const,
    mySubscriptions: (page: number) => ['orders', 'subscriptions', page] as const,
  },
  vtu: {
    bundlesAll: ['airtime-data', 'bundles'] as const,
    bundles: (network: string) => ['airtime-data', 'bundles', network] as const,
    recent: () => ['airtime-data', 'recent'] as const,
    purchase: (id: number) => ['airtime-data', 'purchase', id] as const,
    minePage: (page: number) => ['airtime-data', 'mine', page] as const,
    beneficiaries: () => ['airtime-data', 'beneficiaries'] as const,
  },
  bills: {
    all: ['bills'] as const,
    services: (category: string) => ['bills', 'services', category] as const,
    one: (reference: string) => ['bills', 'one', reference] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
    unreadCount: () => ['notifications', 'unread-count'] as const,
  },
  rewards: {
    all: ['rewards'] as const,
    total: () => ['rewards', 'total'] as const,
    referralsPage: (page: number) => ['rewards', 'referrals', page] as const,
    ticketsPage: (page: number) => ['rewards', 'tickets', page] as const,
    nextDraw: () => ['rewards', 'next-draw'] as const,
  },
  agent: {
    /** Every agent action invalidates this. */
    all: ['agent'] as const,
    me: () => ['agent', 'me'] as const,
    dashboard: () => ['agent', 'dashboard'] as const,
    orders: (scope: 'open' | 'mine', page: number) => ['agent', 'orders', scope, page] as const,
    rewards: (page: number) => ['agent', 'rewards', page] as const,
    transactions: (page: number) => ['agent', 'transactions', page] as const,
  },
  support: {
    /** GET support/contacts: the business's phone, WhatsApp and e-mail. */
    contacts: () => ['support', 'contacts'] as const,
    /** GET support/cases: the customer's own cases. */
    mine: (page: number) => ['support', 'cases', page] as const,
    all: ['support'] as const,
  },
  admin: {
    staff: ['admin', 'staff'] as const,
    dashboard: {
      all: ['admin', 'dashboard'] as const,
      range: (range: string) => ['admin', 'dashboard', range] as const,
    },
    customers: {
      all: ['admin', 'customers'] as const,
      page: (page: number, search: string) => ['admin', 'customers', 'list', page, search] as const,
      one: (id: number) => ['admin', 'customers', 'show', id] as const,
    },
    agents: {
      all: ['admin', 'agents'] as const,
      page: (status: string, page: number) => ['admin', 'agents', status, page] as const,
      one: (id: number) => ['admin', 'agents', 'show', id] as const,
    },
    audit: (page: number, entity: string, actorId: number | null) => ['admin', 'audit', page, entity, actorId] as const,
    settings: ['admin', 'settings'] as const,
    /** The active admins, to choose who is on duty. */
    admins: ['admin', 'admins'] as const,
    ledger: {
      all: ['admin', 'ledger'] as const,
      trialBalance: (asAt: string) => ['admin', 'ledger', 'trial-balance', asAt] as const,
      period: (from: string, to: string) => ['admin', 'ledger', 'period', from, to] as const,
      profitAndLoss: (from: string, to: string) => ['admin', 'ledger', 'profit-and-loss', from, to] as const,
      accountJournals: (code: string, from: string, to: string, page: number) =>
        ['admin', 'ledger', 'account-journals', code, from, to, page] as const,
      accounts: ['admin', 'ledger', 'accounts'] as const,
      journals: (reference: string) => ['admin', 'ledger', 'journals', reference] as const,
    },
    dataBundles: (network: string) => ['admin', 'data-bundles', network] as const,
    orders: {
      all: ['admin-orders'] as const,
      list: (filters: object) => ['admin-orders', 'list', filters] as const,
      one: (id: number) => ['admin-orders', 'one', id] as const,
      /** The agents who could take this order, with their open load. */
      agents: (id: number) => ['admin-orders', 'agents', id] as const,
      /**
       * The sidebar badges' counts (unaccepted orders, agent applications): under the orders' key,
       * so whatever refreshes admins' orders (a live event, an assignment) refreshes them too.
       */
      alertCounts: ['admin-orders', 'alert-counts'] as const,
    },
    raffle: {
      all: ['raffle'] as const,
      ticketsPage: (page: number) => ['raffle', 'tickets', page] as const,
      drawsPage: (page: number) => ['raffle', 'draws', page] as const,
    },
    twoFactor: ['auth', 'two-factor'] as const,
    reconciliation: {
      all: ['admin', 'reconciliation'] as const,
      page: (status: string, page: number) => ['admin', 'reconciliation', status, page] as const,
      float: ['admin', 'reconciliation', 'float'] as const,
      cardRefunds: (page: number) => ['admin', 'reconciliation', 'card-refunds', page] as const,
    },
  },
};
