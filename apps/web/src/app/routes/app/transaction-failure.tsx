import { Link, useLocation } from 'react-router';
import { CircleX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '../../paths';

/** Where a closed or failed payment lands. */
export function TransactionFailureRoute() {
  const { state } = useLocation();
  // A screen may pass the reason along, e.g. { message: '...' }.
  const message =
    typeof state === 'object' && state !== null && 'message' in state && typeof state.message === 'string'
      ? state.message
      : null;
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <CircleX className="size-16 text-red-700" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">Transaction was not successful!</h1>
      {message && <p className="max-w-sm text-slate-700">{message}</p>}
      <Button asChild>
        <Link to={paths.app.profile.getHref()}>Go to profile</Link>
      </Button>
    </section>
  );
}
