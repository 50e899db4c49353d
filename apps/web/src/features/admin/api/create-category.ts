import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { categoryStoreBody, type Category } from '@ruwa/contract';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

export type CreateCategoryInput = z.input<typeof categoryStoreBody>;

/** The form checks what the API checks, except the image, which the image picker checks. */
export const categoryFormSchema = categoryStoreBody.omit({ base64_photos: true });
export type CategoryFormValues = z.input<typeof categoryFormSchema>;

export const CATEGORY_CREATED = 'Category has been created successfully';

/** POST product/category/store { name, kind, enabled, base64_photos? } -> 201 with the category. */
export function createCategory(input: CreateCategoryInput) {
  return api.post<Category>('product/category/store', input);
}

export function useCreateCategory({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: createCategory,
    onSuccess: async () => {
      await invalidateCatalog(queryClient);
      onSuccess?.();
    },
  });
}
