import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

/** Last line of defence for a screen that crashed or whose code failed to download. */
export function RouteError() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="text-slate-700">Check your connection and try again. If it keeps happening, reload the page.</p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to="/" reloadDocument>
            Go home
          </Link>
        </Button>
      </div>
    </main>
  );
}

type BoundaryProps = { locationKey: string; children: ReactNode };
type BoundaryState = { failed: boolean; locationKey: string };

/**
 * A class component because only classes can catch render errors. It shows RouteError until the location changes, so following a
 * link (or going back) tries again.
 */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // A new location clears the error before its screen renders; an error thrown while rendering it
  // then stays until the next location (resetting in componentDidUpdate would retry at once, forever).
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { failed: false, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown) {
    // What broke, in the console of a production build too.
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary locationKey={key}>{children}</ErrorBoundary>;
}
