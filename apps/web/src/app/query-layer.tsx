import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useRefreshSession } from '@/features/auth/hooks/use-refresh-session';
import { LiveUpdates } from '@/features/live-updates/load-live-updates';
import { createQueryClient } from '@/lib/query-client';
import { useIsSignedIn } from '@/lib/session';
import { paths } from './paths';
import { useSessionExpiry } from './session-expiry';

/** Where an app keeps its query client between the layer's mounts (one per App, so tests stay apart). */
export type QueryClientSlot = { client?: QueryClient };

function SessionExpiry({ queryClient }: { queryClient: QueryClient }) {
  useSessionExpiry(queryClient);
  return null;
}

function RefreshUser() {
  useRefreshSession();
  return null;
}

/**
 * The signed-in session's background work: the user refreshed from the server, and the live event
 * stream. Its own component, so the refreshed user arriving re-renders this alone, not the screen.
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
 * TanStack Query and what depends on it: the cache, the 401 handler that clears it, the refresh
 * of the signed-in user and the live updates that refresh its queries. Every screen but the login screen renders inside it (see query-boundary.tsx).
 */
export function QueryLayer({ slot, children }: { slot: QueryClientSlot; children: ReactNode }) {
  const [queryClient] = useState(() => (slot.client ??= createQueryClient()));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionExpiry queryClient={queryClient} />
      <SessionRefresh />
      {children}
    </QueryClientProvider>
  );
}
