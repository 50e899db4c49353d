import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

/** DESIGN departure 8: the category delete says "deleted". */
export const CATEGORY_DELETED = 'Category has been deleted successfully';

/** POST product/category/delete { id } -> 200; 409 with the reason while products use it. */
export function deleteCategory(id: number) {
  return api.post<null>('product/category/delete', { id });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useSaveMutation({ mutationFn: deleteCategory, onSuccess: () => invalidateCatalog(queryClient) });
}
