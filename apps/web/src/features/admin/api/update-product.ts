import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { productUpdateBody, type Product } from '@ruwa/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

export type UpdateProductInput = z.input<typeof productUpdateBody>;

/** A gas product's cylinder prices, checked with the rules products/update applies to its `cylinders`. */
export const cylinderPricesFormSchema = z.object({ cylinders: productUpdateBody.shape.cylinders.unwrap() });

export const PRODUCT_UPDATED = 'Product has been updated successfully';

/**
 * POST products/update { id, ...fields, locations, new_locations } -> 200. `locations` are the
 * prices the product keeps (with their possibly new prices), `new_locations` the ones added; any
 * location in neither is removed.
 */
export function updateProduct(input: UpdateProductInput) {
  return api.post<Product>('products/update', input);
}

export function useUpdateProduct({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: updateProduct,
    onSuccess: async () => {
      await invalidateCatalog(queryClient);
      onSuccess?.();
    },
  });
}
