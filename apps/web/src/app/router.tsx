import type { RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { redirectIfSignedIn, requireAdmin, requireApprovedAgent, requireUser, RootRedirect } from './guards';
import { paths, shellFor, type ShellKind } from './paths';
import { RootLayout } from './root-layout';
import { RouteError } from './routes/route-error';

/**
 * Every screen is loaded on demand, so a customer's device never downloads the admin (or, later,
 * agent) screens. Adding a signed-in screen is one entry in `signedInScreens`; its shell follows
 * from its path (SPEC section 2).
 */
type Screen = { path: string; lazy: NonNullable<RouteObject['lazy']> };

/** One chunk for the admin catalogue screens (see routes/admin/catalog.ts). */
const adminCatalog = () => import('./routes/admin/catalog');

const signedInScreens: Screen[] = [
  { path: paths.app.home.path, lazy: async () => ({ Component: (await import('./routes/app/home')).HomeRoute }) },
  {
    path: paths.app.profile.path,
    lazy: async () => ({ Component: (await import('./routes/app/profile')).ProfileRoute }),
  },
  {
    path: paths.app.profileUpdate.path,
    lazy: async () => ({ Component: (await import('./routes/app/profile-update')).ProfileUpdateRoute }),
  },
  {
    path: paths.app.profileOrder.path,
    lazy: async () => ({ Component: (await import('./routes/app/order-show')).OrderShowRoute }),
  },
  {
    path: paths.app.results.path,
    lazy: async () => ({ Component: (await import('./routes/app/results')).ResultsRoute }),
  },
  {
    path: paths.app.waterSubResults.path,
    lazy: async () => ({ Component: (await import('./routes/app/results')).WaterSubResultsRoute }),
  },
  {
    path: paths.app.gasResults.path,
    lazy: async () => ({ Component: (await import('./routes/app/results')).GasResultsRoute }),
  },
  {
    path: paths.app.waterSubShow.path,
    lazy: async () => ({ Component: (await import('./routes/app/water-sub-show')).WaterSubShowRoute }),
  },
  {
    path: paths.app.gasBuy.path,
    lazy: async () => ({ Component: (await import('./routes/app/gas-buy')).GasBuyRoute }),
  },
  {
    path: paths.app.airtimeData.path,
    lazy: async () => ({ Component: (await import('./routes/app/airtime-data')).AirtimeDataRoute }),
  },
  {
    path: paths.app.transactionSuccess.path,
    lazy: async () => ({ Component: (await import('./routes/app/transaction-success')).TransactionSuccessRoute }),
  },
  {
    path: paths.app.transactionFailure.path,
    lazy: async () => ({ Component: (await import('./routes/app/transaction-failure')).TransactionFailureRoute }),
  },
  {
    path: paths.app.transactionResults.path,
    lazy: async () => ({ Component: (await import('./routes/app/transaction-results')).TransactionResultsRoute }),
  },
  { path: paths.app.wallet.path, lazy: async () => ({ Component: (await import('./routes/app/wallet')).WalletRoute }) },
  {
    path: paths.app.walletDeposit.path,
    lazy: async () => ({ Component: (await import('./routes/app/wallet-deposit')).WalletDepositRoute }),
  },
  {
    path: paths.app.walletWithdraw.path,
    lazy: async () => ({ Component: (await import('./routes/app/wallet-withdraw')).WalletWithdrawRoute }),
  },
  {
    path: paths.app.walletRewards.path,
    lazy: async () => ({ Component: (await import('./routes/app/wallet-rewards')).WalletRewardsRoute }),
  },
  {
    path: paths.app.notifications.path,
    lazy: async () => ({ Component: (await import('./routes/app/notifications')).NotificationsRoute }),
  },
  {
    path: paths.admin.dashboard.path,
    lazy: async () => ({ Component: (await import('./routes/admin/dashboard')).AdminDashboardRoute }),
  },
  {
    path: paths.admin.orders.path,
    lazy: async () => ({ Component: (await import('./routes/admin/orders')).AdminOrdersRoute }),
  },
  {
    path: paths.admin.products.path,
    lazy: async () => ({ Component: (await adminCatalog()).AdminProductsRoute }),
  },
  {
    path: paths.admin.productsCreate.path,
    lazy: async () => ({ Component: (await adminCatalog()).AdminProductCreateRoute }),
  },
  {
    path: paths.admin.productsUpdate.path,
    lazy: async () => ({ Component: (await adminCatalog()).AdminProductUpdateRoute }),
  },
  {
    path: paths.admin.locations.path,
    lazy: async () => ({ Component: (await adminCatalog()).AdminLocationsRoute }),
  },
  {
    path: paths.admin.locationsCreate.path,
    lazy: async () => ({ Component: (await adminCatalog()).AdminLocationCreateRoute }),
  },
  {
    path: paths.admin.locationsUpdate.path,
    lazy: async () => ({ Component: (await adminCatalog()).AdminLocationUpdateRoute }),
  },
  {
    path: paths.admin.productCategory.path,
    lazy: async () => ({ Component: (await adminCatalog()).AdminCategoriesRoute }),
  },
  {
    path: paths.admin.productCategoryCreate.path,
    lazy: async () => ({ Component: (await adminCatalog()).AdminCategoryCreateRoute }),
  },
  {
    path: paths.admin.productCategoryUpdate.path,
    lazy: async () => ({ Component: (await adminCatalog()).AdminCategoryUpdateRoute }),
  },
  {
    path: paths.admin.raffleTickets.path,
    lazy: async () => ({ Component: (await import('./routes/admin/raffle-tickets')).AdminRaffleTicketsRoute }),
  },
  {
    path: paths.admin.raffleDraw.path,
    lazy: async () => ({ Component: (await import('./routes/admin/raffle-draw')).AdminRaffleDrawRoute }),
  },
  {
    path: paths.admin.settings.path,
    lazy: async () => ({ Component: (await import('./routes/admin/settings')).AdminSettingsRoute }),
  },
  {
    path: paths.app.agentApply.path,
    lazy: async () => ({ Component: (await import('./routes/app/agent-apply')).AgentApplyRoute }),
  },
  {
    path: paths.agent.dashboard.path,
    lazy: async () => ({ Component: (await import('./routes/agent/dashboard')).AgentDashboardRoute }),
  },
  {
    path: paths.agent.rewards.path,
    lazy: async () => ({ Component: (await import('./routes/agent/rewards')).AgentRewardsRoute }),
  },
  {
    path: paths.agent.transactions.path,
    lazy: async () => ({ Component: (await import('./routes/agent/transactions')).AgentTransactionsRoute }),
  },
  {
    path: paths.agent.setting.path,
    lazy: async () => ({ Component: (await import('./routes/agent/setting')).AgentSettingRoute }),
  },
  {
    path: paths.admin.agents.path,
    lazy: async () => ({ Component: (await import('./routes/admin/agents')).AdminAgentsRoute }),
  },
  {
    path: paths.admin.customers.path,
    lazy: async () => ({ Component: (await import('./routes/admin/customers')).AdminCustomersRoute }),
  },
  {
    path: paths.admin.customersShow.path,
    lazy: async () => ({ Component: (await import('./routes/admin/customers-show')).AdminCustomerShowRoute }),
  },
  {
    path: paths.admin.dataBundles.path,
    lazy: async () => ({ Component: (await import('./routes/admin/data-bundles')).AdminDataBundlesRoute }),
  },
  {
    path: paths.admin.audit.path,
    lazy: async () => ({ Component: (await import('./routes/admin/audit')).AdminAuditRoute }),
  },
];

/** The layout (and guard) of each shell. */
const shells: Partial<Record<ShellKind, Omit<RouteObject, 'children' | 'index'>>> = {
  customer: {
    id: 'customer-shell',
    loader: requireUser,
    lazy: async () => ({ Component: (await import('./shells/customer-shell')).CustomerShell }),
  },
  admin: {
    id: 'admin-shell',
    loader: requireAdmin,
    lazy: async () => ({ Component: (await import('./shells/admin-shell')).AdminShell }),
  },
  agent: {
    id: 'agent-shell',
    loader: requireApprovedAgent,
    lazy: async () => ({ Component: (await import('./shells/agent-shell')).AgentShell }),
  },
};

function shellRoutes(screens: Screen[]): RouteObject[] {
  return Object.entries(shells).map(([kind, shell]) => {
    const children = screens.filter((screen) => shellFor(screen.path) === kind);
    return { ...shell, children } as RouteObject;
  });
}

if (import.meta.env.DEV) {
  for (const screen of signedInScreens) {
    if (!shells[shellFor(screen.path)]) throw new Error(`No shell for ${screen.path}`);
  }
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: RootRedirect },
      {
        path: paths.auth.login.path,
        loader: redirectIfSignedIn,
        lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }),
      },
      {
        path: paths.auth.register.path,
        loader: redirectIfSignedIn,
        lazy: async () => ({ Component: (await import('./routes/auth/register')).RegisterRoute }),
      },
      {
        path: paths.auth.resetPassword.path,
        lazy: async () => ({ Component: (await import('./routes/auth/reset-password')).ResetPasswordRoute }),
      },
      {
        path: paths.auth.changePassword.path,
        lazy: async () => ({ Component: (await import('./routes/auth/change-password')).ChangePasswordRoute }),
      },
      ...shellRoutes(signedInScreens),
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
];
