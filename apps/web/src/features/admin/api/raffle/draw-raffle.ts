import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { RaffleDraw } from '@ruwa/contract/replies';

export const RAFFLE_DRAW_SUCCESS = 'Raffle draw successful';

/**
 * POST raffle-tickets/draw -> 201 with the draw (winning slug and winner), or 409 when there is no
 * live ticket. (The original client's GET at the same path does the same, and stays for it.)
 */
export function drawRaffle() {
  return api.post<RaffleDraw>('raffle-tickets/draw');
}

export function useDrawRaffle() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: drawRaffle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.raffle.all }),
  });
}
