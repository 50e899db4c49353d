import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST beneficiaries/remove { id } -> 200: the number is no longer kept. */
export function removeBeneficiary(id: number) {
  return api.post<null>('beneficiaries/remove', { id });
}

export function useRemoveBeneficiary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBeneficiary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.vtu.beneficiaries() }),
  });
}
