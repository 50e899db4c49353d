import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { QueryBoundary } from './query-boundary';
import { AppRoutes } from './router';

type AppProps = {
  /** Tests pass a MemoryRouter at the address they start from. */
  Router?: ComponentType<{ children: ReactNode }>;
};

/**
 * Navigations render at once, with the next screen's spinner while its code downloads. With React's
 * transitions the previous screen would stay on, still running its timers and effects, until the
 * next one is ready; the unit tests render the same way (testing/render-app.tsx).
 */
function AppRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

export function App({ Router = AppRouter }: AppProps) {
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
