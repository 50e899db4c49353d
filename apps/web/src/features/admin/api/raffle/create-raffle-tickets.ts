import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import { emailField } from '@ruwa/contract';
import { z } from 'zod';
import type { RaffleTicket } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { dayText } from '../../utils/day-input';

export const MAX_TICKETS_AT_ONCE = 100;

/** The API's rules (raffle-tickets/store), checked before sending. */
export const createTicketsSchema = z.object({
  email: emailField,
  count: z
    .string()
    .trim()
    .min(1, 'Enter how many tickets to create.')
    .pipe(
      z.coerce
        .number<string>({ error: 'The count must be a number.' })
        .int('The count must be a whole number.')
        .min(1, 'Create at least 1 ticket.')
        .max(MAX_TICKETS_AT_ONCE, `Create at most ${MAX_TICKETS_AT_ONCE} tickets at a time.`),
    ),
  /** Typed dd/mm/yyyy, sent YYYY-MM-DD. Empty: the server applies the expiry rule from the settings. */
  expiration_date: dayText.transform((day) => (day === '' ? undefined : day)),
});
export type CreateTicketsFormValues = z.input<typeof createTicketsSchema>;
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
