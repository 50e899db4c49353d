import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '../paths';

export function NotFoundRoute() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-700">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to={paths.root.getHref()}>Go to Ruwa</Link>
      </Button>
    </main>
  );
}
