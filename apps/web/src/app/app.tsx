import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { QueryBoundary } from './query-boundary';
import { AppRoutes } from './router';

type AppProps = {
  /** Tests pass a MemoryRouter at the address they start from. */
  Router?: ComponentType<{ children: ReactNode }>;
};

export function App({ Router = BrowserRouter }: AppProps) {
  return (
    <AppProvider>
      <Router>
        <QueryBoundary>
          <AppRoutes />
        </QueryBoundary>
      </Router>
    </AppProvider>
  );
}
