import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminRaffleTicket } from '@ruwa/contract/replies';

/** GET raffle-tickets/index?page=N -> a page of every customer's tickets, newest first. */
export function getRaffleTickets(page: number, signal?: AbortSignal) {
  return api.get<Page<AdminRaffleTicket>>('raffle-tickets/index', { page }, signal).then(({ data }) => data);
}

export function raffleTicketsQueryOptions(page: number) {
  return queryOptions({
    queryKey: queryKeys.admin.raffle.ticketsPage(page),
    queryFn: ({ signal }) => getRaffleTickets(page, signal),
    staleTime: 0,
  });
}

export function useRaffleTickets(page: number) {
  return useQuery({ ...raffleTicketsQueryOptions(page), placeholderData: keepPreviousData });
}
