import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST addresses/delete { id } -> null. Orders already placed keep the address they were sent to. */
export function deleteSavedAddress(id: number) {
  return api.post<null>('addresses/delete', { id });
}

export function useDeleteSavedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses.all }),
  });
}
