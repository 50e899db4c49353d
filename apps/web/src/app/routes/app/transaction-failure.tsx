import { Link, useLocation } from 'react-router';
import { CircleX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '../../paths';

type FailureState = { message?: unknown; retry?: { to?: unknown; state?: unknown } };

/**
 * Where a closed or failed payment lands. A screen passes the reason and a way back to its form as
 * it was ({ message, retry: { to, state } }), so "Try again" never starts from an empty form.
 */
export function TransactionFailureRoute() {
  const state = (useLocation().state ?? {}) as FailureState;
  const message = typeof state.message === 'string' ? state.message : null;
  const retryTo = typeof state.retry?.to === 'string' ? state.retry.to : null;
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <CircleX className="size-16 text-red-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">Transaction was not successful!</h1>
      {message && <p className="max-w-sm text-slate-700">{message}</p>}
      <div className="flex flex-wrap justify-center gap-3">
        {retryTo && (
          <Button asChild>
            <Link to={retryTo} state={state.retry?.state}>
              Try again
            </Link>
          </Button>
        )}
        <Button asChild variant={retryTo ? 'outline' : 'primary'}>
          <Link to={paths.app.profile.getHref()}>Go to profile</Link>
        </Button>
      </div>
    </section>
  );
}
