import { lazy, Suspense, useState, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from './paths';
import type * as QueryLayerExports from './query-layer';
import type { QueryClientSlot } from './query-layer';

type QueryLayerModule = typeof QueryLayerExports;

let loaded: QueryLayerModule | undefined;
let loading: Promise<QueryLayerModule> | undefined;

/** Starts (or joins) the download of TanStack Query and the layer around it. */
export function preloadQueryLayer(): Promise<QueryLayerModule> {
  return (loading ??= import('./query-layer').then((module) => (loaded = module)));
}

const LazyQueryLayer = lazy(async () => ({ default: (await preloadQueryLayer()).QueryLayer }));

/**
 * The screens that use no server state: the login screen, the page most phones open first. Its form
 * calls the API directly, so its first load carries neither TanStack Query nor the cache around it.
 */
export function needsQueries(pathname: string): boolean {
  return !matchPath(paths.auth.login.path, pathname);
}

/**
 * Renders the routes inside the query layer, except on the screens that need none. Once the layer's
 * code is here it renders without suspending (React.lazy always suspends on its first render).
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [slot] = useState<QueryClientSlot>({});
  if (!needsQueries(pathname)) return children;
  const Layer = loaded?.QueryLayer ?? LazyQueryLayer;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Layer slot={slot}>{children}</Layer>
    </Suspense>
  );
}
