import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import type { Customer } from '@ruwa/contract/replies';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type GetCustomersInput = { page: number; search?: string };

/** GET admin/customers?page=N&search=TEXT -> a page of users (an empty search is not sent). */
export function getCustomers({ page, search }: GetCustomersInput, signal?: AbortSignal) {
  return api.get<Page<Customer>>('admin/customers', { page, search }, signal).then(({ data }) => data);
}

export function customersQueryOptions(input: GetCustomersInput) {
  return queryOptions({
    queryKey: queryKeys.admin.customers.page(input.page, input.search ?? ''),
    queryFn: ({ signal }) => getCustomers(input, signal),
  });
}

/** Keeps the current page on screen while the next one loads. */
export function useCustomers(input: GetCustomersInput) {
  return useQuery({ ...customersQueryOptions(input), placeholderData: keepPreviousData });
}
