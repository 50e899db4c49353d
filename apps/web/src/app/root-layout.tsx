import { Suspense, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useRefreshSession } from '@/features/auth/hooks/use-refresh-session';
import { LiveUpdates } from '@/features/live-updates/load-live-updates';
import { useIsSignedIn } from '@/lib/session';
import { paths } from './paths';

function RefreshUser() {
  useRefreshSession();
  return null;
}

/**
 * Its own component, so the refreshed user arriving re-renders this alone, not the whole screen.
 * Signed out there is nothing to refresh, and the query code does not run at all (the login
 * screen's first render is shorter by it).
 */
function SessionRefresh() {
  return useIsSignedIn() ? (
    <>
      <RefreshUser />
      <Suspense fallback={null}>
        <LiveUpdates openOrdersHref={paths.agent.dashboard.getHref()} />
      </Suspense>
    </>
  ) : null;
}

/**
 * A link or redirect to another screen starts at the top of it. Back and forward (POP) are left to
 * the browser's own scroll restoration. A change of the query alone (a list's page, search or
 * filter) keeps the scroll position.
 */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const scrolledFor = useRef(pathname);
  useLayoutEffect(() => {
    if (pathname === scrolledFor.current) return;
    scrolledFor.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <SessionRefresh />
      <ScrollToTop />
      <Outlet />
    </>
  );
}
