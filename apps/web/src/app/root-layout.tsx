import { Outlet, ScrollRestoration } from 'react-router';
import { useRefreshSession } from '@/features/auth/hooks/use-refresh-session';

export function RootLayout() {
  useRefreshSession();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
