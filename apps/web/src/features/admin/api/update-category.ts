import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import type { Category, categoryUpdateBody } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

export type UpdateCategoryInput = z.input<typeof categoryUpdateBody>;

export const CATEGORY_UPDATED = 'Category has been updated successfully';

/** POST product/category/update { id, name?, kind?, enabled?, base64_photos? } -> the category. */
export function updateCategory(input: UpdateCategoryInput) {
  return api.post<Category>('product/category/update', input);
}

export function useUpdateCategory({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: updateCategory,
    onSuccess: async () => {
      await invalidateCatalog(queryClient);
      onSuccess?.();
    },
  });
}
