import type { DbOrTx } from '../../db/client';
import { KeptUntilChanged } from '../../db/kept-until-changed';
import * as q from './queries';

/**
 * The channel the catalogue tables' triggers notify on, after commit, whenever one of them changes
 * (its name is written in the trigger function too: migration 0033_catalog_change_notifications).
 */
export const CATALOG_CHANNEL = 'ruwa_catalog';

/** More pairs than any catalogue has; past it the instance starts again rather than grow. */
const MAX_PAIRS = 20_000;

export type PriceAt = NonNullable<Awaited<ReturnType<typeof q.findPriceAt>>>;

/**
 * A product's price at a location (with its product, category and location rows), as this instance
 * last read it. Every order reads one and the catalogue changes a few times a day, so each instance
 * keeps what it read until the catalogue tables' triggers say they changed (KeptUntilChanged). An
 * order placed in the milliseconds between the commit and the notification is charged the price its
 * customer was shown. A transaction's reads always go to the database (it may see its own changes).
 */
export class PriceMemory extends KeptUntilChanged<PriceAt> {
  constructor() {
    super(CATALOG_CHANNEL, MAX_PAIRS);
  }
}

const memories = new WeakMap<object, PriceMemory>();

/**
 * The price memory of a database handle (each test app has its own). Only the app's handle is ever
 * started, by the catalogue's routes; a transaction's reads always go to the database.
 */
export function priceMemoryOf(db: DbOrTx): PriceMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = new PriceMemory();
    memories.set(db, memory);
  }
  return memory;
}

/** The product's price at the location, or null where it is not sold. */
export async function findPriceAt(db: DbOrTx, productId: number, locationId: number) {
  const memory = memories.get(db);
  if (!memory?.listening) return q.findPriceAt(db, productId, locationId);
  return memory.read(`${productId}:${locationId}`, () => q.findPriceAt(db, productId, locationId));
}
