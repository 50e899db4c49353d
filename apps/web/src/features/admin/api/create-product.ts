import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from './use-save-mutation';
import { nairaPrice, productStoreBody, productTagsText, type Product } from '@ruwa/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { invalidateCatalog } from './invalidate-catalog';

export type CreateProductInput = z.input<typeof productStoreBody>;

export const PRODUCT_CREATED = 'Product has been created successfully';

/** An empty location price means the base price applies there. */
const locationPrice = z
  .string()
  .trim()
  .transform((value): unknown => (value === '' ? null : value))
  .pipe(nairaPrice('location price').nullable());

const locationRow = z.object({
  location_id: z.string().min(1, 'Choose a location.'),
  price: locationPrice,
  /** Rows the product already had when the form opened: on update they go in `locations`. */
  existing: z.boolean(),
});

/**
 * The product form's own fields (create and update), as products/store and products/update take them:
 * the API's rules for the name, description and tags; the category is a choice from a list here.
 */
export const productFormSchema = z.object({
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
});

/** The form's list of prices per location; each location at most once. */
export const locationRowsSchema = z.array(locationRow).superRefine((rows, context) => {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (!row.location_id) return;
    if (seen.has(row.location_id)) {
      context.addIssue({ code: 'custom', path: [index, 'location_id'], message: 'This location is already listed.' });
    }
    seen.add(row.location_id);
  });
});

export type ProductFormValues = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;
export type ProductLocationRow = z.input<typeof locationRow>;
export type ProductLocationPrice = z.output<typeof locationRow>;

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

export function toLocationPrices(rows: ProductLocationPrice[]) {
  return rows.map((row) => ({ id: Number(row.location_id), product_location_price: row.price }));
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
