import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { nairaPrice, productLocationInput, productStoreBody, productTagsText, type Product } from '@ruwa/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

export type CreateProductInput = z.input<typeof productStoreBody>;

export const PRODUCT_CREATED = 'Product has been created successfully';

/**
 * A location price row as the form holds it (text), checked with products/store's and
 * products/update's rules for a row; the location is a choice from a list here.
 */
const locationRow = productLocationInput.extend({
  id: z
    .string()
    .min(1, 'Choose a location.')
    .transform((value): unknown => value)
    .pipe(productLocationInput.shape.id),
  product_location_price: z
    .string()
    .transform((value): unknown => value)
    .pipe(productLocationInput.shape.product_location_price),
});

/**
 * The product form (create and update), as products/store and products/update take it: the API's
 * rules for the name, description, tags and location rows; the category is a choice from a list here.
 * `locations` are the rows products/store creates or products/update keeps; `new_locations` the
 * rows added on update. Each location is listed at most once across both.
 */
export const productFormSchema = z
  .object({
    product_name: productStoreBody.shape.product_name,
    product_description: productStoreBody.shape.product_description,
    product_category: z.string().min(1, 'Choose a category.'),
    product_price: z
      .string()
      .trim()
      .min(1, 'The base price field is required.')
      .transform((value): unknown => value)
      .pipe(nairaPrice('base price')),
    product_tags: productTagsText,
    approved: z.boolean(),
    locations: z.array(locationRow),
    new_locations: z.array(locationRow),
  })
  .superRefine((values, context) => {
    const seen = new Set<string>();
    const lists = ['locations', 'new_locations'] as const;
    for (const list of lists) {
      values[list].forEach((row, index) => {
        // A row without a location is already told to choose one.
        if (!row.id) return;
        const id = String(row.id);
        if (seen.has(id)) {
          context.addIssue({ code: 'custom', path: [list, index, 'id'], message: 'This location is already listed.' });
        }
        seen.add(id);
      });
    }
  });

export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;
export type ProductLocationRow = ProductFormValues['locations'][number];

/** Form values -> the fields products/store and products/update share. */
export function toProductFields(values: ProductFormOutput, image: string | null) {
  return {
    product_name: values.product_name,
    product_description: values.product_description,
    product_category: Number(values.product_category),
    product_price: values.product_price,
    product_tags: values.product_tags,
    approved: values.approved,
    ...(image ? { base64_photos: [image] } : {}),
  };
}

/**
 * POST products/store { product_name, product_description, product_category, product_price,
 * product_tags, approved, locations: [{ id, product_location_price }], base64_photos? } -> 201.
 */
export function createProduct(input: CreateProductInput) {
  return api.post<Product>('products/store', input);
}

export function useCreateProduct({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: createProduct,
    onSuccess: async () => {
      await invalidateCatalog(queryClient);
      onSuccess?.();
    },
  });
}
