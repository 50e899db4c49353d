import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AuditEntry } from '@ruwa/contract/replies';

/** The tables the API records changes to (the entity filter's choices). */
export const AUDIT_ENTITIES = [
  'agents',
  'data_bundles',
  'locations',
  'orders',
  'product_categories',
  'products',
  'raffle_draws',
  'raffle_tickets',
  'settings',
  'users',
  'withdrawals',
] as const;

export type GetAuditLogInput = { page: number; entity?: string; actorId?: number };

/** GET admin/audit?page=N&entity=NAME&actor_id=N -> a page of entries, newest first. */
export function getAuditLog({ page, entity, actorId }: GetAuditLogInput, signal?: AbortSignal) {
  return api.get<Page<AuditEntry>>('admin/audit', { page, entity, actor_id: actorId }, signal).then(({ data }) => data);
}

export function auditLogQueryOptions(input: GetAuditLogInput) {
  return queryOptions({
    queryKey: queryKeys.admin.audit(input.page, input.entity ?? '', input.actorId ?? null),
    queryFn: ({ signal }) => getAuditLog(input, signal),
    staleTime: 0,
  });
}

export function useAuditLog(input: GetAuditLogInput) {
  return useQuery({ ...auditLogQueryOptions(input), placeholderData: keepPreviousData });
}
