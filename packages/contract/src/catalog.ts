import { z } from 'zod';
import { groupedNumeric, numeric } from './numbers';
import { base64Image } from './users';
import { hasAtMostTwoDecimals } from './money';

export const CATEGORY_KINDS = ['sachet_water', 'bottle_water', 'gas', 'airtime_data'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export const CATEGORY_KIND_LABELS: Record<CategoryKind, string> = {
  sachet_water: 'Sachet water',
  bottle_water: 'Bottle water',
  gas: 'Cooking gas',
  airtime_data: 'Airtime and data',
};
/** Water kinds are presented with `water_name`, gas with `distro_name`. */
export const isWaterKind = (kind: CategoryKind) => kind === 'sachet_water' || kind === 'bottle_water';

/** The only options the spec offers for a location. */
export const LOCATION_STATES = ['lagos'] as const;
export const LOCATION_COUNTRIES = ['nigeria'] as const;

export const MAX_PRICE_NAIRA = 10_000_000;

/** A price in naira: a number (or numeric string from a form) > 0 with at most two decimals. */
export const nairaPrice = (label: string) =>
  groupedNumeric(
    z
      .number({ error: `The ${label} must be a number.` })
      .refine((n) => n > 0, { message: `The ${label} must be greater than 0.`, abort: true })
      .refine((n) => n <= MAX_PRICE_NAIRA, {
        message: `The ${label} may not be greater than ${MAX_PRICE_NAIRA.toLocaleString('en-US')}.`,
        abort: true,
      })
      .refine(hasAtMostTwoDecimals, { message: `The ${label} may have at most 2 decimal places.`, abort: true }),
  );

export const idField = (label = 'id') =>
  numeric(
    z
      .number({ error: `The ${label} field is required.` })
      .positive(`The ${label} field is required.`)
      .max(2_147_483_647, { message: `The ${label} is invalid.`, abort: true })
      .int(`The ${label} must be a whole number.`),
  );

/** Query flags: '1'/'true' mean on; empty, '0' and 'false' are ignored (a false filter is dropped, not applied). */
export const flagFilter = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((value) => (value === true || value === '1' || value === 'true' ? true : undefined));

const optionalImage = z.array(base64Image).max(1, 'Upload one image.').optional();

// Update bodies are built from the fields without their defaults: a `.default()` inside `.partial()`
// still fills a missing key, and an update must change only what the admin sent.
const categoryFields = {
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(60, 'The name may be at most 60 characters.'),
  kind: z.enum(CATEGORY_KINDS, { error: 'Choose what kind of product this category holds.' }),
  enabled: z.boolean(),
  base64_photos: optionalImage,
};
export const categoryStoreBody = z.object({ ...categoryFields, enabled: categoryFields.enabled.default(true) });
export const categoryUpdateBody = z.object(categoryFields).partial().extend({ id: idField() });

const locationFields = {
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(80, 'The name may be at most 80 characters.'),
  state: z.enum(LOCATION_STATES, { error: 'The selected state is invalid.' }),
  country: z.enum(LOCATION_COUNTRIES, { error: 'The selected country is invalid.' }),
  enabled: z.boolean(),
};
export const locationStoreBody = z.object({ ...locationFields, enabled: locationFields.enabled.default(true) });
export const locationUpdateBody = z.object(locationFields).partial().extend({ id: idField() });

export const productLocationInput = z.object({
  id: idField('location'),
  // Empty means the base price applies at this location. Anything else must be a valid price, and a
  // wrong one is told the rule it broke (a union would only say "Invalid input").
  product_location_price: z
    .preprocess((value) => (value === '' ? null : value), nairaPrice('location price').nullable())
    .optional()
    .default(null),
});

const tags = z
  .union([z.string().max(300), z.array(z.string().trim().min(1).max(40)).max(20)])
  .optional()
  .transform((value) =>
    value === undefined
      ? undefined
      : (typeof value === 'string' ? value.split(',') : value).map((tag) => tag.trim()).filter(Boolean),
  );

const productFields = {
  product_name: z
    .string({ error: 'The product name field is required.' })
    .trim()
    .min(1, 'The product name field is required.')
    .max(120, 'The product name may be at most 120 characters.'),
  product_description: z.string().trim().max(2000, 'The description may be at most 2,000 characters.'),
  product_category: idField('product category'),
  product_price: nairaPrice('product price'),
  approved: z.boolean(),
  base64_photos: optionalImage,
};
export const productStoreBody = z.object({
  ...productFields,
  product_description: productFields.product_description.default(''),
  product_tags: tags,
  approved: productFields.approved.default(true),
  locations: z.array(productLocationInput).max(200).default([]),
});
export const productUpdateBody = z
  .object(productFields)
  .partial()
  .extend({
    id: idField(),
    product_tags: tags,
    /** Existing locations to keep, with their (possibly new) prices. Locations left out are removed. */
    locations: z.array(productLocationInput).max(200).optional(),
    new_locations: z.array(productLocationInput).max(200).optional(),
  });

export type Category = {
  id: number;
  name: string;
  kind: CategoryKind;
  image: string | null;
  enabled: boolean;
  products_count: number;
};

export type Location = { id: number; name: string; state: string; country: string; enabled: boolean };

export type ProductLocation = { location_id: number; name: string; product_location_price: number | null };

export type Product = {
  id: number;
  product_name: string;
  product_description: string;
  product_category: string;
  category_id: number;
  kind: CategoryKind;
  product_tags: string[];
  product_images: string[];
  product_price: number;
  approved: boolean;
  locations: ProductLocation[];
  locations_count: number;
  created_at: string;
};

/** A product as a customer sees it at one location: the pivot price wins over the base price. */
export type LocationProduct = Omit<Product, 'locations' | 'locations_count' | 'approved'> & {
  pivot: { location_id: number; product_location_price: number };
  price: number;
  water_name?: string;
  distro_name?: string;
};
