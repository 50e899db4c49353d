import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Beneficiary } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET beneficiaries -> the customer's named numbers, newest first. */
export function getBeneficiaries(signal?: AbortSignal) {
  return api.get<Beneficiary[]>('beneficiaries', undefined, signal).then(({ data }) => data);
}

export const beneficiariesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.vtu.beneficiaries(),
    queryFn: ({ signal }) => getBeneficiaries(signal),
    // The Recent list says so itself when they cannot be loaded.
    meta: { silent: true },
  });

export function useBeneficiaries() {
  return useQuery(beneficiariesQueryOptions());
}
