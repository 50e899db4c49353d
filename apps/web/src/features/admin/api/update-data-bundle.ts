import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { dataBundleUpdateBody, type DataBundle } from '@ruwa/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Send only what changes: a new price (naira), or the on/off switch. */
export type UpdateDataBundleInput = { id: number; price?: number; enabled?: boolean };

/** The inline price edit: the typed text, checked with the API's own price rule. */
export const bundlePriceFormSchema = z.object({
  price: z
    .string()
    .trim()
    .transform((value): unknown => value)
    .pipe(dataBundleUpdateBody.shape.price.unwrap()),
});
export type BundlePriceFormValues = z.input<typeof bundlePriceFormSchema>;
export type BundlePriceFormOutput = z.output<typeof bundlePriceFormSchema>;

/** POST admin/data-bundles/update { id, price?, enabled? } -> 200 with the bundle. */
export function updateDataBundle(input: UpdateDataBundleInput) {
  return api.post<DataBundle>('admin/data-bundles/update', input);
}

export function useUpdateDataBundle() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: updateDataBundle,
    onSuccess: ({ data: bundle }) => {
      // Put the saved bundle in place at once, then re-read the list to be sure.
      queryClient.setQueryData<DataBundle[]>(queryKeys.admin.dataBundles(bundle.network), (bundles) =>
        bundles?.map((current) => (current.id === bundle.id ? bundle : current)),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.dataBundles(bundle.network) });
    },
  });
}
