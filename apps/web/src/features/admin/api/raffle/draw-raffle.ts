import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { RaffleDraw } from '@ruwa/contract/replies';

export const RAFFLE_DRAW_SUCCESS = 'Raffle draw successful';

/**
 * GET raffle-tickets/draw -> 201 with the draw (winning slug and winner), or 409 when there is no live
 * ticket. It changes data despite being a GET (the spec's call), so it is a mutation, never cached.
 */
export function drawRaffle() {
  return api.get<RaffleDraw>('raffle-tickets/draw');
}

export function useDrawRaffle() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: drawRaffle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.raffle.all }),
  });
}
