import { z } from 'zod';
import { CATEGORY_KINDS } from '../catalog';
import { naira, timestamp } from './http';

/** A product category, with how many products it holds. */
export const categoryReply = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CATEGORY_KINDS),
  image: z.string().nullable(),
  enabled: z.boolean(),
  products_count: z.number().int(),
});
export type Category = z.infer<typeof categoryReply>;

/** A daily delivery window as stored, in Lagos time (`HH:MM`). */
export const deliveryWindowReply = z.object({
  name: z.string(),
  starts: z.string(),
  ends: z.string(),
  cutoff: z.string(),
});

export const locationReply = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  country: z.string(),
  enabled: z.boolean(),
  /** Naira added to every order here. */
  delivery_fee: naira,
  /** Naira the items must come to (before the delivery fee). */
  minimum_order: naira,
  /** Empty: no windows, the order goes out as soon as an agent takes it. */
  delivery_windows: z.array(deliveryWindowReply),
});
export type Location = z.infer<typeof locationReply>;

export const productLocationReply = z.object({
  location_id: z.number().int(),
  name: z.string(),
  /** Null: the product's base price applies here. */
  product_location_price: naira.nullable(),
});
export type ProductLocation = z.infer<typeof productLocationReply>;

/** A cylinder size at one location, in naira; new_price null when only refills are offered. */
export const cylinderPriceReply = z.object({
  size_kg: z.number(),
  refill_price: naira,
  new_price: naira.nullable(),
});
export type CylinderPrice = z.infer<typeof cylinderPriceReply>;

export const productCylinderReply = cylinderPriceReply.extend({ location_id: z.number().int() });
export type ProductCylinder = z.infer<typeof productCylinderReply>;

/** A product as admins manage it, with its prices at every location. */
export const productReply = z.object({
  id: z.number().int(),
  product_name: z.string(),
  product_description: z.string(),
  /** The category's name. */
  product_category: z.string(),
  category_id: z.number().int(),
  kind: z.enum(CATEGORY_KINDS),
  product_tags: z.array(z.string()),
  product_images: z.array(z.string()),
  /** The base price, in naira. */
  product_price: naira,
  approved: z.boolean(),
  locations: z.array(productLocationReply),
  locations_count: z.number().int(),
  cylinders: z.array(productCylinderReply),
  created_at: timestamp,
});
export type Product = z.infer<typeof productReply>;

/** A product as a customer sees it at one location: the pivot price wins over the base price. */
export const locationProductReply = productReply
  .omit({ locations: true, locations_count: true, approved: true, cylinders: true })
  .extend({
    pivot: z.object({ location_id: z.number().int(), product_location_price: naira }),
    /** Gas sold by cylinder here, smallest first; empty when it is sold by the kg. */
    cylinders: z.array(cylinderPriceReply),
    price: naira,
    /** Water products only: the product's name. */
    water_name: z.string().optional(),
    /** Every other kind: the product's name. */
    distro_name: z.string().optional(),
  });
export type LocationProduct = z.infer<typeof locationProductReply>;
