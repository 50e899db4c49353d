import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminSupportCase, Page, SupportCaseStatus } from '@ruwa/contract';
import { api } from '@/lib/api-client';

/**
 * The admin support screen's cached answers. The keys live here rather than in lib/query-keys.ts,
 * which every customer's first load carries.
 */
export const SUPPORT_CASES_KEY = ['admin', 'support'] as const;
export const supportCaseKey = (id: number) => [...SUPPORT_CASES_KEY, 'show', id] as const;

/** GET admin/support/cases?status=&page= -> cases, newest first, with their customers and entries. */
export function getSupportCases(status: SupportCaseStatus | '', page: number, signal?: AbortSignal) {
  return api
    .get<Page<AdminSupportCase>>('admin/support/cases', { status: status || undefined, page }, signal)
    .then(({ data }) => data);
}

export function useSupportCases(status: SupportCaseStatus | '', page: number) {
  return useQuery({
    queryKey: [...SUPPORT_CASES_KEY, 'list', status, page],
    queryFn: ({ signal }) => getSupportCases(status, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET admin/support/cases/show?id= -> one case with its messages, replies and internal notes. */
export function getSupportCase(id: number, signal?: AbortSignal) {
  return api.get<AdminSupportCase>('admin/support/cases/show', { id }, signal).then(({ data }) => data);
}

export function useSupportCase(id: number) {
  return useQuery({
    queryKey: supportCaseKey(id),
    queryFn: ({ signal }) => getSupportCase(id, signal),
    staleTime: 0,
    meta: { silent: true },
  });
}
