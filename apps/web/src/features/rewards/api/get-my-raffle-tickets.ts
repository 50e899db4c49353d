import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { RaffleTicket } from '@ruwa/contract/replies';

/** GET raffle-tickets/me?page=N -> a page of the user's raffle tickets, newest first. */
export function getMyRaffleTickets(page: number, signal?: AbortSignal) {
  return api.get<Page<RaffleTicket>>('raffle-tickets/me', { page }, signal).then(({ data }) => data);
}

export function myRaffleTicketsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.rewards.ticketsPage(page),
    queryFn: ({ signal }) => getMyRaffleTickets(page, signal),
    staleTime: 0,
  });
}

export function useMyRaffleTickets(page: number) {
  return useQuery({ ...myRaffleTicketsQueryOptions(page), placeholderData: keepPreviousData });
}
