import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import type { Location, locationUpdateBody } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

export type UpdateLocationInput = z.input<typeof locationUpdateBody>;

export const LOCATION_UPDATED = 'Location has been updated successfully';

/** POST location/update { id, name?, state?, country?, enabled? } -> 200 with the location. */
export function updateLocation(input: UpdateLocationInput) {
  return api.post<Location>('location/update', input);
}

export function useUpdateLocation({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: updateLocation,
    onSuccess: async () => {
      await invalidateCatalog(queryClient);
      onSuccess?.();
    },
  });
}
