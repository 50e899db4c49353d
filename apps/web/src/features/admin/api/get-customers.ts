import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, User } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CustomerStatus = 'active' | 'suspended';

/** A user as the admin lists see them: with the account status. */
export type Customer = User & { status: CustomerStatus };

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
