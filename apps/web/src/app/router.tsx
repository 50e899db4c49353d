import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { createRoutesFromElements, matchPath, Route, useLocation, useRoutes } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RedirectIfSignedIn, RequireAdmin, RequireApprovedAgent, RequireUser, RootRedirect } from './guards';
import { paths, shellFor, type ShellKind } from './paths';
import { needsQueries, preloadQueryLayer } from './query-boundary';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './routes/route-error';

/**
 * Every screen is loaded on demand, so a customer's device never downloads the admin (or, later,
 * agent) screens. Adding a signed-in screen is one entry in `signedInScreens`; its shell follows
 * from its path.
 */
type Load = () => Promise<ComponentType>;
export type Screen = { path: string; load: Load };

/** One chunk for the admin catalogue screens (see routes/admin/catalog.ts). */
const adminCatalog = () => import('./routes/admin/catalog');

export const signedInScreens: Screen[] = [
  { path: paths.app.home.path, load: async () => (await import('./routes/app/home')).HomeRoute },
  {
    path: paths.app.profile.path,
    load: async () => (await import('./routes/app/profile')).ProfileRoute,
  },
  {
    path: paths.app.profileUpdate.path,
    load: async () => (await import('./routes/app/profile-update')).ProfileUpdateRoute,
  },
  {
    path: paths.app.profilePassword.path,
    load: async () => (await import('./routes/app/profile-password')).ProfilePasswordRoute,
  },
  {
    path: paths.app.profileAddresses.path,
    load: async () => (await import('./routes/app/profile-addresses')).ProfileAddressesRoute,
  },
  {
    path: paths.app.verifyPhone.path,
    load: async () => (await import('./routes/app/profile-verify-phone')).VerifyPhoneRoute,
  },
  {
    path: paths.app.profileOrder.path,
    load: async () => (await import('./routes/app/order-show')).OrderShowRoute,
  },
  {
    path: paths.app.results.path,
    load: async () => (await import('./routes/app/results')).ResultsRoute,
  },
  {
    path: paths.app.waterSubResults.path,
    load: async () => (await import('./routes/app/results')).WaterSubResultsRoute,
  },
  {
    path: paths.app.gasResults.path,
    load: async () => (await import('./routes/app/results')).GasResultsRoute,
  },
  {
    path: paths.app.waterSubShow.path,
    load: async () => (await import('./routes/app/water-sub-show')).WaterSubShowRoute,
  },
  {
    path: paths.app.gasBuy.path,
    load: async () => (await import('./routes/app/gas-buy')).GasBuyRoute,
  },
  {
    path: paths.app.airtimeData.path,
    load: async () => (await import('./routes/app/airtime-data')).AirtimeDataRoute,
  },
  {
    path: paths.app.electricity.path,
    load: async () => (await import('./routes/app/electricity')).ElectricityRoute,
  },
  {
    path: paths.app.billShow.path,
    load: async () => (await import('./routes/app/bill-show')).BillShowRoute,
  },
  {
    path: paths.app.transactionSuccess.path,
    load: async () => (await import('./routes/app/transaction-success')).TransactionSuccessRoute,
  },
  {
    path: paths.app.transactionFailure.path,
    load: async () => (await import('./routes/app/transaction-failure')).TransactionFailureRoute,
  },
  {
    path: paths.app.transactionPurchase.path,
    load: async () => (await import('./routes/app/transaction-purchase')).TransactionPurchaseRoute,
  },
  {
    path: paths.app.transactionResults.path,
    load: async () => (await import('./routes/app/transaction-results')).TransactionResultsRoute,
  },
  { path: paths.app.receipt.path, load: async () => (await import('./routes/app/receipt')).ReceiptRoute },
  { path: paths.app.wallet.path, load: async () => (await import('./routes/app/wallet')).WalletRoute },
  {
    path: paths.app.walletDeposit.path,
    load: async () => (await import('./routes/app/wallet-deposit')).WalletDepositRoute,
  },
  {
    path: paths.app.walletWithdraw.path,
    load: async () => (await import('./routes/app/wallet-withdraw')).WalletWithdrawRoute,
  },
  {
    path: paths.app.walletRewards.path,
    load: async () => (await import('./routes/app/wallet-rewards')).WalletRewardsRoute,
  },
  {
    path: paths.app.walletPinReset.path,
    load: async () => (await import('./routes/app/wallet-pin-reset')).WalletPinResetRoute,
  },
  {
    path: paths.app.notifications.path,
    load: async () => (await import('./routes/app/notifications')).NotificationsRoute,
  },
  {
    path: paths.app.help.path,
    load: async () => (await import('./routes/app/help')).HelpRoute,
  },
  {
    path: paths.admin.dashboard.path,
    load: async () => (await import('./routes/admin/dashboard')).AdminDashboardRoute,
  },
  {
    path: paths.admin.orders.path,
    load: async () => (await import('./routes/admin/orders')).AdminOrdersRoute,
  },
  {
    path: paths.admin.products.path,
    load: async () => (await adminCatalog()).AdminProductsRoute,
  },
  {
    path: paths.admin.productsCreate.path,
    load: async () => (await adminCatalog()).AdminProductCreateRoute,
  },
  {
    path: paths.admin.productsUpdate.path,
    load: async () => (await adminCatalog()).AdminProductUpdateRoute,
  },
  {
    path: paths.admin.locations.path,
    load: async () => (await adminCatalog()).AdminLocationsRoute,
  },
  {
    path: paths.admin.locationsCreate.path,
    load: async () => (await adminCatalog()).AdminLocationCreateRoute,
  },
  {
    path: paths.admin.locationsUpdate.path,
    load: async () => (await adminCatalog()).AdminLocationUpdateRoute,
  },
  {
    path: paths.admin.productCategory.path,
    load: async () => (await adminCatalog()).AdminCategoriesRoute,
  },
  {
    path: paths.admin.productCategoryCreate.path,
    load: async () => (await adminCatalog()).AdminCategoryCreateRoute,
  },
  {
    path: paths.admin.productCategoryUpdate.path,
    load: async () => (await adminCatalog()).AdminCategoryUpdateRoute,
  },
  {
    path: paths.admin.raffleTickets.path,
    load: async () => (await import('./routes/admin/raffle-tickets')).AdminRaffleTicketsRoute,
  },
  {
    path: paths.admin.raffleDraw.path,
    load: async () => (await import('./routes/admin/raffle-draw')).AdminRaffleDrawRoute,
  },
  {
    path: paths.admin.notifications.path,
    load: async () => (await import('./routes/app/notifications')).NotificationsRoute,
  },
  {
    path: paths.admin.settings.path,
    load: async () => (await import('./routes/admin/settings')).AdminSettingsRoute,
  },
  {
    path: paths.app.agentApply.path,
    load: async () => (await import('./routes/app/agent-apply')).AgentApplyRoute,
  },
  {
    path: paths.agent.dashboard.path,
    load: async () => (await import('./routes/agent/dashboard')).AgentDashboardRoute,
  },
  {
    path: paths.agent.rewards.path,
    load: async () => (await import('./routes/agent/rewards')).AgentRewardsRoute,
  },
  {
    path: paths.agent.transactions.path,
    load: async () => (await import('./routes/agent/transactions')).AgentTransactionsRoute,
  },
  {
    path: paths.agent.setting.path,
    load: async () => (await import('./routes/agent/setting')).AgentSettingRoute,
  },
  {
    path: paths.admin.agents.path,
    load: async () => (await import('./routes/admin/agents')).AdminAgentsRoute,
  },
  {
    path: paths.admin.agentsShow.path,
    load: async () => (await import('./routes/admin/agents-show')).AdminAgentShowRoute,
  },
  {
    path: paths.admin.customers.path,
    load: async () => (await import('./routes/admin/customers')).AdminCustomersRoute,
  },
  {
    path: paths.admin.customersShow.path,
    load: async () => (await import('./routes/admin/customers-show')).AdminCustomerShowRoute,
  },
  {
    path: paths.admin.dataBundles.path,
    load: async () => (await import('./routes/admin/data-bundles')).AdminDataBundlesRoute,
  },
  {
    path: paths.admin.audit.path,
    load: async () => (await import('./routes/admin/audit')).AdminAuditRoute,
  },
  {
    path: paths.admin.ledger.path,
    load: async () => (await import('./routes/admin/ledger')).AdminLedgerRoute,
  },
  {
    path: paths.admin.profitAndLoss.path,
    load: async () => (await import('./routes/admin/profit-and-loss')).AdminProfitAndLossRoute,
  },
  {
    path: paths.admin.reconciliation.path,
    load: async () => (await import('./routes/admin/reconciliation')).AdminReconciliationRoute,
  },
  {
    path: paths.admin.withdrawals.path,
    load: async () => (await import('./routes/admin/withdrawals')).AdminWithdrawalsRoute,
  },
  {
    path: paths.admin.support.path,
    load: async () => (await import('./routes/admin/support')).AdminSupportRoute,
  },
  {
    path: paths.admin.staff.path,
    load: async () => (await import('./routes/admin/staff')).AdminStaffRoute,
  },
];

/** The layout and guard of each shell. */
const shells: Partial<Record<ShellKind, { guard: ComponentType<{ children: ReactNode }>; load: Load }>> = {
  customer: { guard: RequireUser, load: async () => (await import('./shells/customer-shell')).CustomerShell },
  admin: { guard: RequireAdmin, load: async () => (await import('./shells/admin-shell')).AdminShell },
  agent: { guard: RequireApprovedAgent, load: async () => (await import('./shells/agent-shell')).AgentShell },
};

if (import.meta.env.DEV) {
  for (const screen of signedInScreens) {
    if (!shells[shellFor(screen.path)]) throw new Error(`No shell for ${screen.path}`);
  }
}

/** How to start each screen's download (by its path pattern) and each shell's (by its kind). */
const screenPreloads: { path: string; shell?: ShellKind; preload: () => Promise<unknown> }[] = [];
const shellPreloads = new Map<ShellKind, () => Promise<unknown>>();

/**
 * A screen or shell as an element: its code downloads when it first renders, with a spinner
 * meanwhile. `preload` starts (or joins) that download early; once it has finished, the element
 * renders the screen at once, without suspending (React.lazy always suspends on its first render).
 */
function lazyElement(load: Load) {
  let loading: Promise<ComponentType> | undefined;
  let Loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      Loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Screen = () => (Loaded ? <Loaded /> : <Lazy />);
  const element = (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
  return { preload, element };
}

/**
 * Downloads the code of the screen at `pathname` (its shell, and the query layer when it needs one),
 * so the first render can show
 * it instead of a spinner that a second render replaces (main.tsx waits for it, briefly). Answers
 * once the code is here; an address that matches no screen answers at once.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const queries = needsQueries(pathname) ? preloadQueryLayer() : undefined;
  const screen = screenPreloads.find((entry) => matchPath(entry.path, pathname));
  await Promise.all([queries, screen?.preload(), screen?.shell && shellPreloads.get(screen.shell)?.()]);
}

type LazyScreen = Screen & ReturnType<typeof lazyElement>;

/**
 * Starts the current screen's download before the shell renders: on a first load the shell and its
 * screen then download together (as the data router's lazy routes did), instead of the screen
 * starting only once the shell has rendered, behind a second spinner.
 */
function ShellLayout({ shell, screens }: { shell: ReactNode; screens: LazyScreen[] }) {
  const { pathname } = useLocation();
  useState(() => screens.find((screen) => matchPath(screen.path, pathname))?.preload());
  return shell;
}

function shellRoutes(screens: Screen[]) {
  return Object.entries(shells).map(([kind, { guard: Guard, load }]) => {
    const children = screens
      .filter((screen) => shellFor(screen.path) === kind)
      .map((screen) => ({ ...screen, ...lazyElement(screen.load) }));
    const shell = lazyElement(load);
    shellPreloads.set(kind as ShellKind, shell.preload);
    screenPreloads.push(...children.map(({ path, preload }) => ({ path, shell: kind as ShellKind, preload })));
    const layout = <ShellLayout shell={shell.element} screens={children} />;
    return (
      <Route key={kind} element={<Guard>{layout}</Guard>}>
        {children.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Route>
    );
  });
}

/** The screens outside the shells, each with its path and (for login and register) its guard. */
export const publicScreens: (Screen & { guard?: ComponentType<{ children: ReactNode }> })[] = [
  {
    path: paths.auth.login.path,
    guard: RedirectIfSignedIn,
    load: async () => (await import('./routes/auth/login')).LoginRoute,
  },
  {
    path: paths.auth.register.path,
    guard: RedirectIfSignedIn,
    load: async () => (await import('./routes/auth/register')).RegisterRoute,
  },
  {
    path: paths.auth.resetPassword.path,
    load: async () => (await import('./routes/auth/reset-password')).ResetPasswordRoute,
  },
  {
    path: paths.auth.changePassword.path,
    load: async () => (await import('./routes/auth/change-password')).ChangePasswordRoute,
  },
  {
    path: paths.auth.verifyEmail.path,
    load: async () => (await import('./routes/auth/verify-email')).VerifyEmailRoute,
  },
  {
    path: paths.auth.undoChange.path,
    load: async () => (await import('./routes/auth/undo-change')).UndoChangeRoute,
  },
];

const notFound = lazyElement(async () => (await import('./routes/not-found')).NotFoundRoute);

/** The route tree (tests match paths against it through createRoutesFromElements, as AppRoutes does). */
export const routes = (
  <Route element={<RootLayout />}>
    <Route index element={<RootRedirect />} />
    {publicScreens.map(({ path, guard: Guard, load }) => {
      const { element, preload } = lazyElement(load);
      screenPreloads.push({ path, preload });
      return <Route key={path} path={path} element={Guard ? <Guard>{element}</Guard> : element} />;
    })}
    {shellRoutes(signedInScreens)}
    <Route path="*" element={notFound.element} />
  </Route>
);

/** Built once: <Routes> would rebuild these objects from the elements on every navigation. */
const routeObjects = createRoutesFromElements(routes);

function MatchedRoute() {
  return useRoutes(routeObjects);
}

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <MatchedRoute />
    </RouteErrorBoundary>
  );
}
