import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST auth/contact-change/undo { token } -> 200; 422 on `token` when the link is expired or used. */
export function undoContactChange(token: string) {
  return api.post<null>('auth/contact-change/undo', { token });
}

export function useUndoContactChange() {
  return useMutation({ mutationFn: undoContactChange });
}
