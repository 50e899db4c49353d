import { useEffect } from 'react';
import { setSessionUser, useSession } from '@/lib/session';
import { useCurrentUser } from '../api/get-current-user';

/**
 * When the app opens with a stored token, the stored user is refreshed from GET users/me so a
 * changed name, picture, role or agent status shows without signing in again. A 401 there ends the
 * session through the API client's unauthorized handler.
 */
export function useRefreshSession(): void {
  const { token } = useSession();
  const { data } = useCurrentUser({ enabled: token !== null });
  useEffect(() => {
    if (data) setSessionUser(data);
  }, [data]);
}
