import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '../../paths';

/** Where a paid purchase lands. */
export function TransactionSuccessRoute() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <CircleCheck className="size-16 text-brand-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">Yay! Your transaction was successful</h1>
      <Button asChild>
        <Link to={paths.app.profile.getHref()}>Go to profile</Link>
      </Button>
    </section>
  );
}
