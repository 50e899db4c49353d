import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

export const LOCATION_DELETED = 'Location has been deleted successfully';

/** POST location/delete { id } -> 200; 409 with the reason while products are priced there. */
export function deleteLocation(id: number) {
  return api.post<null>('location/delete', { id });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useSaveMutation({ mutationFn: deleteLocation, onSuccess: () => invalidateCatalog(queryClient) });
}
