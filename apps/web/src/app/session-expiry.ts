import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { clearSession, getSession } from '@/lib/session';
import { paths } from './paths';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

/**
 * SPEC section 4: a 401 or 403 on an authenticated call ends the session and sends the user to the
 * login screen, which brings them back to where they were. Returns the uninstall function.
 */
export function installSessionExpiry(router: AppRouter, queryClient: QueryClient): () => void {
  return setUnauthorizedHandler((error) => {
    // Several calls can fail at once; the first one handles it.
    if (!getSession().token) return;
    clearSession();
    queryClient.clear();
    if (error.status === 401) {
      // SPEC section 8's wording. Loaded on demand: the contract module carries zod, which the first
      // screen should not have to download.
      void import('@ruwa/contract').then(({ RESET_FAILED_MESSAGE }) => notifyError(RESET_FAILED_MESSAGE));
    } else {
      notifyError(error.message);
    }
    const { pathname, search } = router.state.location;
    const returnTo = pathname.startsWith('/auth/') ? null : `${pathname}${search}`;
    void router.navigate(paths.auth.login.getHref(returnTo), { replace: true });
  });
}
