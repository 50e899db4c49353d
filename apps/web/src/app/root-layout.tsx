import { Outlet, ScrollRestoration } from 'react-router';
import { useRefreshSession } from '@/features/auth/hooks/use-refresh-session';

/** Its own component, so the refreshed user arriving re-renders this alone, not the whole screen. */
function SessionRefresh() {
  useRefreshSession();
  return null;
}

export function RootLayout() {
  return (
    <>
      <SessionRefresh />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
