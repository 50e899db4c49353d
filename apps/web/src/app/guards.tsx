import { Navigate, redirect, type LoaderFunctionArgs } from 'react-router';
import { getSession, useSession } from '@/lib/session';
import { notifyError } from '@/lib/notify';
import { defaultLandingFor, paths, REDIRECT_PARAM, safeRedirect } from './paths';

/**
 * Client-side route guards, run as loaders before a screen renders. They only decide what to show:
 * the API enforces every permission itself (DESIGN departure 3).
 */
export const NO_ACCESS_MESSAGE = 'You do not have access to that page.';

function here(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Signed-out visitors go to the login screen, which brings them back here afterwards. */
export function requireUser({ request }: LoaderFunctionArgs) {
  if (!getSession().token) throw redirect(paths.auth.login.getHref(here(request)));
  return null;
}

export function requireAdmin(args: LoaderFunctionArgs) {
  requireUser(args);
  if (getSession().user?.role !== 'admin') {
    notifyError(NO_ACCESS_MESSAGE);
    throw redirect(paths.app.home.getHref());
  }
  return null;
}

export const AGENTS_ONLY_MESSAGE = 'The agent area is for approved agents only.';

/**
 * The agent area is for users whose stored agent record is approved; anyone else goes to the profile,
 * which says where their application stands (or offers 'Become an agent').
 */
export function requireApprovedAgent(args: LoaderFunctionArgs) {
  requireUser(args);
  if (getSession().user?.agent?.status !== 'approved') {
    notifyError(AGENTS_ONLY_MESSAGE);
    throw redirect(paths.app.profile.getHref());
  }
  return null;
}

/** `/` goes to home when signed in, else to the login screen. */
export function RootRedirect() {
  const { isSignedIn } = useSession();
  return <Navigate to={isSignedIn ? paths.app.home.getHref() : paths.auth.login.getHref()} replace />;
}

/** Login and registration are for signed-out visitors; a signed-in user goes on into the app. */
export function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  const { token, user } = getSession();
  if (!token) return null;
  const target = safeRedirect(new URL(request.url).searchParams.get(REDIRECT_PARAM));
  throw redirect(target ?? defaultLandingFor(user?.role));
}
