import { z } from 'zod';
import { addressStoreBody, checkoutOrderFields, DEFAULT_DELIVERY_INTERVAL, type CylinderType } from '@ruwa/contract';

/**
 * Purchase rules for the water and gas screens. The server computes the amount it charges from its
 * own catalogue (DESIGN section 5); these numbers are what the customer sees before paying.
 */
export { DEFAULT_DELIVERY_INTERVAL, DELIVERY_INTERVALS, deliveriesFor } from '@ruwa/contract';

/**
 * The checkout form, checked with the API's own order rules (`checkoutOrderFields`) and, for an
 * address the customer asks to keep, the saved-address label rule. The other fields are choices
 * from lists the form offers, read as they are. `unit` (' kg') ends the quantity's range messages.
 */
export function purchaseFormSchema(unit = '') {
  return checkoutOrderFields(unit)
    .extend({
      /** The size's text as the select holds it; the offered sizes are the product's own. */
      cylinder_size_kg: z.string(),
      /** A day and a window for one-off orders (see slotKey), a window's name for subscriptions. */
      delivery_window: z.string(),
      saved_address: z.string(),
      save_address: z.boolean(),
      save_address_label: z.string(),
    })
    .superRefine(
      (values, ctx) => {
        if (values.save_address !== true) return;
        const label = addressStoreBody.shape.label.safeParse(values.save_address_label);
        if (!label.success) {
          ctx.addIssue({ code: 'custom', path: ['save_address_label'], message: label.error.issues[0]!.message });
        }
      },
      // Also when another field is wrong, so that every message shows at once.
      { when: () => true },
    );
}

/** The checkout form's fields as typed. */
export type PurchaseFormValues = {
  quantity: string;
  recipient_address: string;
  recipient_phone: string;
  landmark: string;
  cylinder_size_kg: string;
  cylinder_type: CylinderType;
  /** '' until the customer picks: the first offered is used. */
  delivery_window: string;
  saved_address: string;
  save_address: boolean;
  save_address_label: string;
  duration_in_days: string;
  delivery_interval_days: string;
};

/** A fresh checkout: one of the product, a refill, and a 30-day subscription delivered weekly. */
export function blankPurchase(recipientPhone: string, cylinderSize: string): PurchaseFormValues {
  return {
    quantity: '1',
    recipient_address: '',
    recipient_phone: recipientPhone,
    landmark: '',
    cylinder_size_kg: cylinderSize,
    cylinder_type: 'refill',
    delivery_window: '',
    saved_address: '',
    save_address: false,
    save_address_label: '',
    duration_in_days: '30',
    delivery_interval_days: String(DEFAULT_DELIVERY_INTERVAL),
  };
}

/** Price x quantity x deliveries, worked in kobo so that naira with decimals add up exactly. */
export function purchaseTotal({
  priceNaira,
  quantity,
  deliveries = 1,
}: {
  priceNaira: number;
  quantity: number;
  deliveries?: number;
}): number {
  const unitKobo = Math.round(priceNaira * 100);
  return (unitKobo * quantity * deliveries) / 100;
}

/**
 * What the checkout shows: the items, the location's delivery fee, and what one delivery costs;
 * a subscription pays that for every delivery. Worked in kobo, like the server's own price.
 */
export function priceBreakdown({
  priceNaira,
  quantity,
  deliveryFeeNaira,
  deliveries = 1,
}: {
  priceNaira: number;
  quantity: number;
  deliveryFeeNaira: number;
  deliveries?: number;
}) {
  const itemsKobo = Math.round(priceNaira * 100) * quantity;
  const feeKobo = quantity > 0 ? Math.round(deliveryFeeNaira * 100) : 0;
  return {
    items: itemsKobo / 100,
    deliveryFee: feeKobo / 100,
    perDelivery: (itemsKobo + feeKobo) / 100,
    total: ((itemsKobo + feeKobo) * deliveries) / 100,
  };
}
