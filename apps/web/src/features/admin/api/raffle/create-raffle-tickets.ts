import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import { raffleTicketsStoreBody } from '@ruwa/contract';
import type { z } from 'zod';
import type { RaffleTicket } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { dayText } from '../../utils/day-input';

/**
 * The API's own rules (raffle-tickets/store), but for the day, which the form takes as dd/mm/yyyy
 * and sends as YYYY-MM-DD; empty, the server applies the expiry rule from the settings.
 */
export const createTicketsSchema = raffleTicketsStoreBody.extend({
  expiration_date: dayText.transform((day) => (day === '' ? undefined : day)),
});
/** The fields as typed. */
export type CreateTicketsFormValues = { email: string; count: string; expiration_date: string };
export type CreateTicketsInput = z.output<typeof createTicketsSchema>;

/** POST raffle-tickets/store { email, count, expiration_date? } -> 201 with the new tickets. */
export function createRaffleTickets(input: CreateTicketsInput) {
  return api.post<RaffleTicket[]>('raffle-tickets/store', input);
}

export function useCreateRaffleTickets() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: createRaffleTickets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.raffle.all }),
  });
}
