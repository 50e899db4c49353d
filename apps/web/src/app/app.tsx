import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { routes } from './router';
import { installSessionExpiry } from './session-expiry';

type AppProps = {
  /** Tests pass a memory router built from the same `routes`. */
  createRouter?: () => ReturnType<typeof createBrowserRouter>;
};

export function App({ createRouter = () => createBrowserRouter(routes) }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  useEffect(() => installSessionExpiry(router, queryClient), [router, queryClient]);
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
