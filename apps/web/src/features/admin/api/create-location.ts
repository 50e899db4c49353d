import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { locationStoreBody, type Location } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

/** The form validates with the API's own rules: state only lagos, country only nigeria. */
export const locationFormSchema = locationStoreBody;
export type LocationFormValues = z.input<typeof locationFormSchema>;
export type CreateLocationInput = z.input<typeof locationStoreBody>;

export const LOCATION_CREATED = 'Location has been created successfully';

/** POST location/store { name, state, country, enabled } -> 201 with the location. */
export function createLocation(input: CreateLocationInput) {
  return api.post<Location>('location/store', input);
}

export function useCreateLocation({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: createLocation,
    onSuccess: async () => {
      await invalidateCatalog(queryClient);
      onSuccess?.();
    },
  });
}
