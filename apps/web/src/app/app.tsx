import { useState, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import { useSessionExpiry } from './session-expiry';

type AppProps = {
  /** Tests pass a MemoryRouter at the address they start from. */
  Router?: ComponentType<{ children: ReactNode }>;
};

function SessionExpiry({ queryClient }: { queryClient: QueryClient }) {
  useSessionExpiry(queryClient);
  return null;
}

export function App({ Router = BrowserRouter }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProvider queryClient={queryClient}>
      <Router>
        <SessionExpiry queryClient={queryClient} />
        <AppRoutes />
      </Router>
    </AppProvider>
  );
}
