import { gramsToKg, kgToGrams, type CylinderType } from '@ruwa/contract';
import type { DbOrTx } from '../../db/client';
import { fieldError } from '../../lib/http/errors';
import { findPriceAt } from './prices';
import * as q from './queries';
import type { CategoryRow } from './schema';

/**
 * The server's price for buying `quantity` of a product at a location, in kobo. Checkout (orders)
 * calls this; it never trusts a client's amount.
 */
export async function quote(
  db: DbOrTx,
  productId: number,
  locationId: number,
  quantity: number,
  cylinder: { sizeKg?: number; type?: CylinderType } = {},
) {
  const row = await findPriceAt(db, productId, locationId);
  if (!row || !row.product.approved || !row.category.enabled || !row.location.enabled) {
    throw fieldError('product_id', 'This product is not available at the chosen location.');
  }
  const sized = await cylinderPrice(db, row.category.kind, productId, locationId, cylinder);
  const unitKobo = sized?.unitKobo ?? row.priceKobo;
  return {
    unitKobo,
    totalKobo: unitKobo * quantity,
    product: row.product,
    category: row.category,
    location: row.location,
    /** Set when gas is bought by cylinder: `quantity` counts cylinders of this size. */
    cylinder: sized ? { sizeGrams: sized.sizeGrams, type: sized.type } : null,
  };
}

/**
 * A cylinder's price when the product is gas sold by cylinder at this location (the size is then
 * required); null when it is sold by the kg there (a size is then refused).
 */
async function cylinderPrice(
  db: DbOrTx,
  kind: CategoryRow['kind'],
  productId: number,
  locationId: number,
  wanted: { sizeKg?: number; type?: CylinderType },
) {
  const offered = kind === 'gas' ? await q.cylindersOf(db, [productId], locationId) : [];
  if (!offered.length) {
    if (wanted.sizeKg !== undefined)
      throw fieldError('cylinder_size_kg', 'This product is not sold by cylinder size here.');
    return null;
  }
  const sizes = offered.map((c) => `${gramsToKg(c.sizeGrams)} kg`).join(', ');
  if (wanted.sizeKg === undefined) throw fieldError('cylinder_size_kg', `Choose a cylinder size: ${sizes}.`);
  const size = offered.find((c) => c.sizeGrams === kgToGrams(wanted.sizeKg!));
  if (!size) throw fieldError('cylinder_size_kg', `This cylinder size is not sold here. Choose ${sizes}.`);
  const type = wanted.type ?? 'refill';
  if (type === 'new' && size.newPriceKobo === null)
    throw fieldError('cylinder_type', `New ${wanted.sizeKg} kg cylinders are not sold here; choose a refill.`);
  return { sizeGrams: size.sizeGrams, type, unitKobo: type === 'new' ? size.newPriceKobo! : size.refillPriceKobo };
}
