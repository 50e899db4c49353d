import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { addressStoreBody, SavedAddress } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET addresses/me -> the customer's saved addresses, the one to preselect (last used) first. */
export function getSavedAddresses(signal?: AbortSignal) {
  return api.get<SavedAddress[]>('addresses/me', undefined, signal).then(({ data }) => data);
}

export function useSavedAddresses() {
  return useQuery({ queryKey: queryKeys.addresses.mine(), queryFn: ({ signal }) => getSavedAddresses(signal) });
}

/** POST addresses/store { label, address, landmark, location_id, is_default } -> 201 with the address. */
export function storeSavedAddress(input: z.input<typeof addressStoreBody>) {
  return api.post<SavedAddress>('addresses/store', input).then(({ data }) => data);
}

/** Saves a new address from the address book; the list (and checkout's picker) reload. */
export function useStoreSavedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: storeSavedAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses.all }),
  });
}
