import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

export const PRODUCT_DELETED = 'Product has been deleted successfully';

/** POST products/delete { id } -> 200. */
export function deleteProduct(id: number) {
  return api.post<null>('products/delete', { id });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useSaveMutation({ mutationFn: deleteProduct, onSuccess: () => invalidateCatalog(queryClient) });
}
