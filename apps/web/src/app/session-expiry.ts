import { useEffect, useLayoutEffect, useRef } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler, TWO_FACTOR_REQUIRED_EVENT } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { clearSession, getSession } from '@/lib/session';
import { paths } from './paths';

// Copies of the contract's codes (API_ERROR_CODES), kept here so the first screen does not load zod.
const SIGNED_OUT_CODES = new Set(['account_suspended', 'session_revoked', 'session_expired']);

/** What the handler needs from the router, read when a call fails rather than when it was installed. */
type Navigation = {
  location: () => { pathname: string; search: string };
  navigate: (to: string, options: { replace: true; state?: TwoFactorSetupState }) => void;
};

/** What the admin area's two-factor setup is told by a screen outside it that was refused: where to go back to. */
export type TwoFactorSetupState = { afterTwoFactorSetup: string };

/**
 * A 401 or 403 on an authenticated call ends the session and sends the user to the
 * login screen, which brings them back to where they were. Returns the uninstall function.
 */
export function installSessionExpiry(navigation: Navigation, queryClient: QueryClient): () => void {
  return setUnauthorizedHandler((error) => {
    // Several calls can fail at once; the first one handles it.
    if (!getSession().token) return;
    clearSession();
    queryClient.clear();
    if (error.status === 401 && error.code && SIGNED_OUT_CODES.has(error.code)) {
      // The server says why a session that worked has ended (suspended, password changed, expired).
      notifyError(error.message, { forNextScreen: true });
    } else if (error.status === 401) {
      // The contract's wording. Loaded on demand: the contract module carries zod, which the first
      // screen should not have to download.
      notifyError(
        import('@ruwa/contract').then(({ RESET_FAILED_MESSAGE }) => RESET_FAILED_MESSAGE),
        { forNextScreen: true },
      );
    } else {
      notifyError(error.message, { forNextScreen: true });
    }
    const { pathname, search } = navigation.location();
    const returnTo = pathname.startsWith('/auth/') ? null : `${pathname}${search}`;
    navigation.navigate(paths.auth.login.getHref(returnTo), { replace: true });
  });
}

/**
 * An admin the server refuses until two-factor sign-in is set up (403 two_factor_required) is taken
 * from whichever screen outside the admin area was refused (home, the wallet, the profile...) to the
 * admin settings, where the admin area shows the setup and brings them back here once it is on. The
 * admin area itself shows the setup in place. Replacing the refused screen in the history keeps Back
 * from leading to it, and to the setup again. Returns the uninstall function.
 */
function installTwoFactorSetup(navigation: Navigation): () => void {
  const toSetup = (event: Event) => {
    const { pathname, search } = navigation.location();
    if ((event as CustomEvent<string>).detail !== getSession().token || pathname.startsWith(paths.admin.dashboard.path))
      return;
    navigation.navigate(paths.admin.settings.getHref(), {
      replace: true,
      state: { afterTwoFactorSetup: `${pathname}${search}` },
    });
  };
  window.addEventListener(TWO_FACTOR_REQUIRED_EVENT, toSetup);
  return () => window.removeEventListener(TWO_FACTOR_REQUIRED_EVENT, toSetup);
}

/**
 * Installs both from inside the router. `useNavigate()` answers a new function on every navigation, so
 * the latest location and navigate are kept in a ref and the handler is installed once.
 */
export function useSessionExpiry(queryClient: QueryClient): void {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef({ location, navigate });
  useLayoutEffect(() => {
    latest.current = { location, navigate };
  });
  useEffect(() => {
    const navigation: Navigation = {
      location: () => latest.current.location,
      navigate: (to, options) => void latest.current.navigate(to, options),
    };
    const uninstallSessionExpiry = installSessionExpiry(navigation, queryClient);
    const uninstallTwoFactorSetup = installTwoFactorSetup(navigation);
    return () => {
      uninstallSessionExpiry();
      uninstallTwoFactorSetup();
    };
  }, [queryClient]);
}
