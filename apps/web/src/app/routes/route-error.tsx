import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/** Last line of defence for a screen that crashed or whose code failed to download. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="text-slate-700">
        {notFound
          ? 'The page you are looking for does not exist.'
          : 'Check your connection and try again. If it keeps happening, reload the page.'}
      </p>
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
