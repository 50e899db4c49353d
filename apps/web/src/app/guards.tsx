import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { getSession, useSession } from '@/lib/session';
import { notifyError } from '@/lib/notify';
import { defaultLandingFor, paths, REDIRECT_PARAM, safeRedirect } from './paths';

/**
 * Client-side route guards: components wrapping a shell (or a screen) that render it, or a redirect
 * instead. They only decide what to show: the API enforces every permission itself (DESIGN departure 3).
 *
 * They read the session with `getSession()`, not `useSession()`, on purpose: the check is made when
 * the route is entered, as the data router's loaders did, not whenever the session changes. A session
 * ending on a screen is handled by whatever ended it (logging out, session-expiry.ts), which chooses
 * where to go; a guard reacting too would race it to a different address.
 */
type GuardProps = { children: ReactNode };

export const NO_ACCESS_MESSAGE = 'You do not have access to that page.';

/** Signed-out visitors go to the login screen, which brings them back here afterwards. */
export function RequireUser({ children }: GuardProps) {
  const { pathname, search } = useLocation();
  if (!getSession().token) return <Navigate to={paths.auth.login.getHref(`${pathname}${search}`)} replace />;
  return children;
}

/**
 * Sends the visitor elsewhere with a toast. The toast is shown from an effect, once: StrictMode runs
 * effects twice in development and tests, and the ref (kept across that rerun) stops a second toast.
 */
function Refuse({ message, to }: { message: string; to: string }) {
  const notified = useRef(false);
  useEffect(() => {
    if (notified.current) return;
    notified.current = true;
    notifyError(message, { forNextScreen: true });
  }, [message]);
  return <Navigate to={to} replace />;
}

export function RequireAdmin({ children }: GuardProps) {
  const isAdmin = getSession().user?.role === 'admin';
  return (
    <RequireUser>
      {isAdmin ? children : <Refuse message={NO_ACCESS_MESSAGE} to={paths.app.home.getHref()} />}
    </RequireUser>
  );
}

export const AGENTS_ONLY_MESSAGE = 'The agent area is for approved agents only.';

/**
 * The agent area is for users whose stored agent record is approved; anyone else goes to the profile,
 * which says where their application stands (or offers 'Become an agent').
 */
export function RequireApprovedAgent({ children }: GuardProps) {
  const isApproved = getSession().user?.agent?.status === 'approved';
  return (
    <RequireUser>
      {isApproved ? children : <Refuse message={AGENTS_ONLY_MESSAGE} to={paths.app.profile.getHref()} />}
    </RequireUser>
  );
}

/** `/` (where the installed app opens) goes to the user's landing when signed in, else to the login screen. */
export function RootRedirect() {
  const { isSignedIn, user } = useSession();
  return <Navigate to={isSignedIn ? defaultLandingFor(user) : paths.auth.login.getHref()} replace />;
}

/** Login and registration are for signed-out visitors; a signed-in user goes on into the app. */
export function RedirectIfSignedIn({ children }: GuardProps) {
  const [searchParams] = useSearchParams();
  const { token, user } = getSession();
  if (!token) return children;
  return <Navigate to={safeRedirect(searchParams.get(REDIRECT_PARAM)) ?? defaultLandingFor(user)} replace />;
}
