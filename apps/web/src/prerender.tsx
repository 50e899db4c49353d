import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { Wallet } from '@ruwa/contract';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { paths } from './app/paths';
import { HomeRoute } from './app/routes/app/home';
import { LoginRoute } from './app/routes/auth/login';
import { WalletRoute } from './app/routes/app/wallet';
import { CustomerShell } from './app/shells/customer-shell';
import { BalanceCard } from './features/wallet/components/balance-card';

/**
 * The first screen of /home as HTML, rendered at build time (scripts/prerender.mjs) and sent inside
 * the page's #root, so a phone paints the shell and the carousel's first slide (home's largest
 * picture) from the HTML, before the scripts have downloaded. The data-dependent parts render as
 * their loading states, as the app's first render shows them; the app replaces the markup with its
 * own render when it starts (createRoot, not hydration: the signed-in user is only known there).
 */
export function prerenderHome(): string {
  return prerenderScreen(paths.app.home.path, <HomeRoute />);
}

/**
 * The wallet's first screen: header, tabs, the title, the actions and the balance and list as
 * skeletons, so a phone on a slow line shows the screen's frame at once instead of a blank page.
 * After it, the balance card as it shows a balance, in a <template> the page's early script fills
 * and swaps in for the skeleton when the balance arrives before the app (src/early-answers.ts).
 */
export function prerenderWallet(): string {
  const loaded = { balance: 0, savings: 0 } as Wallet;
  const card = renderToString(
    <template data-early="wallet-balance">
      <BalanceCard wallet={loaded} isPending={false} isError={false} onRetry={() => undefined} />
    </template>,
  );
  return prerenderScreen(paths.app.wallet.path, <WalletRoute />) + card;
}

/**
 * The login screen, the first screen of most visits: logo, heading and the form, painted from the
 * HTML. Its fields are disabled (a fieldset that takes no box) until the app replaces them: what
 * was typed into the HTML's fields would be lost when the app renders its own, and a form sent
 * before the app is there would go out as a plain GET, password in the address.
 */
export function prerenderLogin(): string {
  return renderToString(
    <MemoryRouter initialEntries={[paths.auth.login.path]}>
      <fieldset disabled className="contents">
        <LoginRoute />
      </fieldset>
    </MemoryRouter>,
  );
}

function prerenderScreen(path: string, screen: ReactElement): string {
  // Nothing is fetched while rendering to a string: the queries stay pending.
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<CustomerShell />}>
            <Route path={path} element={screen} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
