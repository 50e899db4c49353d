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

/** A fee or minimum in naira: 0 (none) or more, at most two decimals. */
export const nairaAmountOrZero = (label: string) =>
  numeric(
    z
      .number({ error: `The ${label} must be a number.` })
      .refine((n) => n >= 0, { message: `The ${label} may not be negative.`, abort: true })
      .refine((n) => n <= MAX_PRICE_NAIRA, {
        message: `The ${label} may not be greater than ${MAX_PRICE_NAIRA.toLocaleString('en-US')}.`,
        abort: true,
      })
      .refine(hasAtMostTwoDecimals, { message: `The ${label} may have at most 2 decimal places.`, abort: true }),
  );

const clock = (label: string) =>
  z
    .string({ error: `The ${label} is required.` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `The ${label} must be a 24-hour time like 08:00.`);

/**
 * A delivery window an area offers every day, in Lagos time: orders for today's window close at its
 * cut-off; tomorrow's are always open.
 */
export const deliveryWindowInput = z
  .object({
    name: z.string({ error: 'The window name is required.' }).trim().min(1, 'Name the window, e.g. Morning.').max(40),
    starts: clock('start time'),
    ends: clock('end time'),
    cutoff: clock('cut-off time'),
  })
  .superRefine((window, ctx) => {
    if (window.ends <= window.starts)
      ctx.addIssue({ code: 'custom', path: ['ends'], message: 'The window must end after it starts.' });
    if (window.cutoff > window.starts)
      ctx.addIssue({ code: 'custom', path: ['cutoff'], message: 'The cut-off must be at or before the start.' });
  });
export type DeliveryWindow = z.output<typeof deliveryWindowInput>;

/** How a window reads everywhere: "Morning (08:00–12:00)". */
export const windowLabel = (window: DeliveryWindow) => `${window.name} (${window.starts}–${window.ends})`;

const deliveryWindows = z
  .array(deliveryWindowInput)
  .max(8, 'Offer at most 8 delivery windows.')
  .refine((windows) => new Set(windows.map((w) => w.name.toLowerCase())).size === windows.length, {
    message: 'Each delivery window needs its own name.',
  });

const locationFields = {
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(80, 'The name may be at most 80 characters.'),
  state: z.enum(LOCATION_STATES, { error: 'The selected state is invalid.' }),
  country: z.enum(LOCATION_COUNTRIES, { error: 'The selected country is invalid.' }),
  enabled: z.boolean(),
  delivery_fee: nairaAmountOrZero('delivery fee'),
  minimum_order: nairaAmountOrZero('minimum order'),
  delivery_windows: deliveryWindows,
};
export const locationStoreBody = z.object({
  ...locationFields,
  enabled: locationFields.enabled.default(true),
  delivery_fee: locationFields.delivery_fee.default(0),
  minimum_order: locationFields.minimum_order.default(0),
  delivery_windows: locationFields.delivery_windows.default([]),
});
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

/** The cylinder sizes Nigerian gas is sold in (kg); admins price any of them per location. */
export const GAS_CYLINDER_SIZES_KG = [3, 5, 6, 12.5, 25, 50] as const;
export const CYLINDER_TYPES = ['refill', 'new'] as const;
export type CylinderType = (typeof CYLINDER_TYPES)[number];
export const CYLINDER_TYPE_LABELS: Record<CylinderType, string> = { refill: 'Refill', new: 'New cylinder' };

/** A cylinder size in kg: more than 0, at most 100, in steps of 0.1 kg (12.5 is exact). */
export const cylinderSizeKg = (label = 'cylinder size') =>
  numeric(
    z
      .number({ error: `The ${label} must be a number.` })
      .refine((n) => n > 0 && n <= 100, { message: `The ${label} must be between 0 and 100 kg.`, abort: true })
      .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, {
        message: `The ${label} may have at most one decimal place.`,
        abort: true,
      }),
  );

/** 12.5 kg -> 12500 g: sizes are stored and compared as whole grams. */
export const kgToGrams = (kg: number) => Math.round(kg * 1000);
export const gramsToKg = (grams: number) => grams / 1000;

export const productCylinderInput = z.object({
  location_id: idField('location'),
  size_kg: cylinderSizeKg(),
  refill_price: nairaPrice('refill price'),
  // Empty: no new cylinders in this size at this location.
  new_price: z
    .union([z.literal(''), z.null()])
    .transform(() => null)
    .or(nairaPrice('new cylinder price'))
    .optional()
    .default(null),
});

const cylinders = z.array(productCylinderInput).max(200);

/** A product's tags as typed: words separated by commas. */
export const productTagsText = z.string().max(300, 'The tags may be at most 300 characters.');

const tags = z
  .union([productTagsText, z.array(z.string().trim().min(1).max(40)).max(20)])
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
  /** Gas only: the cylinder sizes sold at each location, with their prices. */
  cylinders: cylinders.default([]),
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
    /** Replaces every cylinder price of the product when given. */
    cylinders: cylinders.optional(),
  });

export type {
  Category,
  CylinderPrice,
  Location,
  LocationProduct,
  Product,
  ProductCylinder,
  ProductLocation,
} from './replies/catalog';
