/**
 * Every route path of the app, in one place. Screens that later issues build (results, wallet,
 * notifications, airtime-data, the agent area, admin catalogue screens...) add their entry here.
 */
export const REDIRECT_PARAM = 'redirectTo';

function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

type ProductAtLocation = { product_id: number; location_id: number };

function productQuery(query: ProductAtLocation | undefined) {
  return {
    product_id: query ? String(query.product_id) : null,
    location_id: query ? String(query.location_id) : null,
  };
}

function kindResultsQuery(query: { location_id: number; category_id?: number } | undefined) {
  return {
    location_id: query ? String(query.location_id) : null,
    category_id: query?.category_id ? String(query.category_id) : null,
  };
}

export const paths = {
  root: { path: '/', getHref: () => '/' },
  auth: {
    login: {
      path: '/auth/login',
      /** `redirectTo`: where to return after signing in (a path inside the app). */
      getHref: (redirectTo?: string | null) => withQuery('/auth/login', { [REDIRECT_PARAM]: redirectTo }),
    },
    register: {
      path: '/auth/register',
      /** `ref`: a referral code to prefill. */
      getHref: (ref?: string | null) => withQuery('/auth/register', { ref }),
    },
    resetPassword: { path: '/auth/reset-password', getHref: () => '/auth/reset-password' },
    changePassword: {
      path: '/auth/change-password',
      getHref: (token?: string | null) => withQuery('/auth/change-password', { token }),
    },
    /** Where the link sent to a replaced e-mail lands: undoes an e-mail or phone change. */
    undoChange: {
      path: '/auth/undo-change',
      getHref: (token?: string | null) => withQuery('/auth/undo-change', { token }),
    },
    /** Where the e-mailed verification link lands; works signed in or not. */
    verifyEmail: {
      path: '/auth/verify-email',
      getHref: (token?: string | null) => withQuery('/auth/verify-email', { token }),
    },
  },
  app: {
    home: { path: '/home', getHref: () => '/home' },
    profile: { path: '/profile', getHref: () => '/profile' },
    profileUpdate: { path: '/profile/update', getHref: () => '/profile/update' },
    profilePassword: { path: '/profile/password', getHref: () => '/profile/password' },
    /** Saved delivery addresses: add, edit, delete, choose the default. */
    profileAddresses: { path: '/profile/addresses', getHref: () => '/profile/addresses' },
    /** `redirectTo`: the screen that asked for a verified number (e.g. withdraw), to return to afterwards. */
    verifyPhone: {
      path: '/profile/verify-phone',
      getHref: (redirectTo?: string | null) => withQuery('/profile/verify-phone', { [REDIRECT_PARAM]: redirectTo }),
    },
    /** One of the user's orders with its status history. */
    profileOrder: {
      path: '/profile/orders',
      getHref: (id?: number) => withQuery('/profile/orders', { id: id ? String(id) : null }),
    },
    /** The products of one category at one location; the ids are in the address so a reload works. */
    results: {
      path: '/results',
      getHref: (query?: { location_id: number; category_id: number }) =>
        withQuery('/results', {
          location_id: query ? String(query.location_id) : null,
          category_id: query ? String(query.category_id) : null,
        }),
    },
    /** Water (sachet or bottle) at a location; the category is optional (the first water one). */
    waterSubResults: {
      path: '/water-sub/results',
      getHref: (query?: { location_id: number; category_id?: number }) =>
        withQuery('/water-sub/results', kindResultsQuery(query)),
    },
    /** Gas at a location. */
    gasResults: {
      path: '/gas/results',
      getHref: (query?: { location_id: number; category_id?: number }) =>
        withQuery('/gas/results', kindResultsQuery(query)),
    },
    waterSubShow: {
      path: '/water-sub/show',
      getHref: (query?: ProductAtLocation) => withQuery('/water-sub/show', productQuery(query)),
    },
    gasBuy: {
      path: '/gas/buy',
      getHref: (query?: ProductAtLocation) => withQuery('/gas/buy', productQuery(query)),
    },
    wallet: { path: '/wallet', getHref: () => '/wallet' },
    /** `amount`: naira to fill in (from "Top up ₦X" when the wallet is short). */
    walletDeposit: {
      path: '/wallet/deposit',
      getHref: (amount?: number) => withQuery('/wallet/deposit', { amount: amount ? String(amount) : null }),
    },
    walletWithdraw: { path: '/wallet/withdraw', getHref: () => '/wallet/withdraw' },
    /** A receipt by its reference: a wallet movement's TX id, or a purchase's ORD-/SUB-/VTU- number. */
    receipt: {
      path: '/receipts/:reference',
      getHref: (reference: string) => `/receipts/${encodeURIComponent(reference)}`,
    },
    walletRewards: { path: '/wallet/rewards', getHref: () => '/wallet/rewards' },
    /** Where the "forgot wallet PIN" e-mail links to, with its token. */
    walletPinReset: {
      path: '/wallet/pin/reset',
      getHref: (token?: string) => withQuery('/wallet/pin/reset', { token }),
    },
    notifications: { path: '/notifications', getHref: () => '/notifications' },
    /** How to reach the business, and the customer's reported problems with the replies. */
    help: { path: '/help', getHref: () => '/help' },
    /** `tab` is in the address so a reload reopens the same tab (the Home tiles also pass it as state). */
    airtimeData: {
      path: '/airtime-data',
      getHref: (tab?: 'airtime' | 'data') => withQuery('/airtime-data', { tab }),
    },
    /** Electricity: pick the DisCo, verify the meter, pay. */
    electricity: { path: '/electricity', getHref: () => '/electricity' },
    /** The outcome of one bill payment by its VTU-n reference (the token stays on it). */
    billShow: {
      path: '/bills/show',
      getHref: (reference?: string) => withQuery('/bills/show', { reference }),
    },
    /** Where a payment lands. */
    /** `order`: the order just paid, so a reload still shows what was bought. */
    transactionSuccess: {
      path: '/transaction/callback/success',
      getHref: (query?: { order: number }) =>
        withQuery('/transaction/callback/success', { order: query ? String(query.order) : null }),
    },
    transactionFailure: { path: '/transaction/callback/failure', getHref: () => '/transaction/callback/failure' },
    /** The outcome of one airtime or data purchase, read from the server (the id keeps a reload working). */
    transactionPurchase: {
      path: '/transaction/purchase',
      getHref: (id?: number) => withQuery('/transaction/purchase', { id: id ? String(id) : null }),
    },
    /** The customer's orders and subscriptions, with a way to the wallet's entries. */
    transactionResults: { path: '/transaction/results', getHref: () => '/transaction/results' },
    /** A customer applying to become an agent (customer shell: only '/agent...' opens the agent area). */
    agentApply: { path: '/agent-apply', getHref: () => '/agent-apply' },
  },
  /** The agent area, for approved agents only. */
  agent: {
    dashboard: { path: '/agent', getHref: () => '/agent' },
    rewards: { path: '/agent/rewards', getHref: () => '/agent/rewards' },
    transactions: { path: '/agent/transactions', getHref: () => '/agent/transactions' },
    setting: { path: '/agent/setting', getHref: () => '/agent/setting' },
  },
  admin: {
    dashboard: { path: '/admin', getHref: () => '/admin' },
    agents: { path: '/admin/agents', getHref: () => '/admin/agents' },
    /** One agent: business, person, held orders, deliveries and commission. */
    agentsShow: { path: '/admin/agents/:id', getHref: (id: number) => `/admin/agents/${id}` },
    products: { path: '/admin/products', getHref: () => '/admin/products' },
    productsCreate: { path: '/admin/products/create', getHref: () => '/admin/products/create' },
    productsUpdate: {
      path: '/admin/products/update',
      getHref: (id?: number) => withQuery('/admin/products/update', { id: id ? String(id) : null }),
    },
    locations: { path: '/admin/locations', getHref: () => '/admin/locations' },
    locationsCreate: { path: '/admin/locations/create', getHref: () => '/admin/locations/create' },
    locationsUpdate: {
      path: '/admin/locations/update',
      getHref: (id?: number) => withQuery('/admin/locations/update', { id: id ? String(id) : null }),
    },
    /** `id` opens that order's drawer. */
    orders: {
      path: '/admin/orders',
      getHref: (id?: number) => withQuery('/admin/orders', { id: id ? String(id) : null }),
    },
    productCategory: { path: '/admin/product-category', getHref: () => '/admin/product-category' },
    productCategoryCreate: {
      path: '/admin/product-category/create',
      getHref: () => '/admin/product-category/create',
    },
    productCategoryUpdate: {
      path: '/admin/product-category/update',
      getHref: (id?: number) => withQuery('/admin/product-category/update', { id: id ? String(id) : null }),
    },
    raffleTickets: { path: '/admin/raffle-tickets', getHref: () => '/admin/raffle-tickets' },
    raffleDraw: { path: '/admin/raffle-tickets/draw', getHref: () => '/admin/raffle-tickets/draw' },
    /** admin/setting (singular). */
    settings: { path: '/admin/setting', getHref: () => '/admin/setting' },
    customers: {
      path: '/admin/customers',
      /** `search` and `page` are in the address, so coming back from a customer keeps the list. */
      getHref: () => '/admin/customers',
    },
    customersShow: {
      path: '/admin/customers/show',
      getHref: (id?: number) => withQuery('/admin/customers/show', { id: id ? String(id) : null }),
    },
    dataBundles: { path: '/admin/data-bundles', getHref: () => '/admin/data-bundles' },
    /** The admin's own notifications (unaccepted orders, agent applications) and push alerts switch. */
    notifications: { path: '/admin/notifications', getHref: () => '/admin/notifications' },
    audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
    staff: { path: '/admin/staff', getHref: () => '/admin/staff' },
    /** `reference` in the address shows that reference's journals. */
    ledger: { path: '/admin/ledger', getHref: () => '/admin/ledger' },
    profitAndLoss: { path: '/admin/profit-and-loss', getHref: () => '/admin/profit-and-loss' },
    reconciliation: { path: '/admin/reconciliation', getHref: () => '/admin/reconciliation' },
    /** Every withdrawal: search, status, and approving held ones. */
    withdrawals: { path: '/admin/withdrawals', getHref: () => '/admin/withdrawals' },
    /** Customers' reported problems; `id` in the address opens one case. */
    support: {
      path: '/admin/support',
      getHref: (id?: number) => withQuery('/admin/support', { id: id ? String(id) : null }),
    },
  },
} as const;

/**
 * A `redirectTo` value is followed only when it is a path inside this app (never another origin, and
 * never back into the auth screens).
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target === '/' || target.startsWith('/auth/')) return null;
  return target;
}

/**
 * Where a user lands after signing in (when not sent to the login screen from elsewhere) and when
 * the installed app opens: admins on their dashboard, approved agents on their work queue (an agent
 * opening the app is at work), everyone else on home.
 */
export function defaultLandingFor(
  user: { role?: string; agent?: { status: string } | null } | null | undefined,
): string {
  if (user?.role === 'admin') return paths.admin.dashboard.getHref();
  if (user?.agent?.status === 'approved') return paths.agent.dashboard.getHref();
  return paths.app.home.getHref();
}

export type ShellKind = 'customer' | 'admin' | 'agent';

/**
 * The shell is chosen by whether the path is in the admin or agent area. Only the
 * first segment counts, so /agent-apply (a customer applying) stays in the customer shell.
 */
export function shellFor(pathname: string): ShellKind {
  const first = pathname
    .split('/')
    .find((segment) => segment !== '')
    ?.toLowerCase();
  if (first === 'admin') return 'admin';
  if (first === 'agent') return 'agent';
  return 'customer';
}
