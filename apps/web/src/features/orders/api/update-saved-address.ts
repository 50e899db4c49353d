import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { addressUpdateBody, SavedAddress } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SavedAddressUpdate = z.input<typeof addressUpdateBody>;

/** POST addresses/update { id, ...changed fields } -> the address; `is_default: true` makes it the default. */
export function updateSavedAddress(input: SavedAddressUpdate) {
  return api.post<SavedAddress>('addresses/update', input);
}

export function useUpdateSavedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedAddress,
    // Making one the default unsets another: the whole list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses.all }),
  });
}
