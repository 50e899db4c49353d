import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

/** POST auth/logout revokes the token on the server. */
export function logout() {
  return api.post<unknown>('auth/logout');
}

/**
 * The local session ends whatever the server answers: a user who presses Log out is signed out here
 * even when offline or when the token had already expired.
 */
export function useLogout({ onSettled }: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.clear();
      onSettled?.();
    },
  });
}
