import type { Database, DbOrTx } from '../../db/client';
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
 * keeps what it read until PostgreSQL says the catalogue changed: the tables' triggers notify every
 * instance after the change commits, and each forgets everything. An order placed in the
 * milliseconds between the commit and the notification is charged the price its customer was shown.
 *
 * Nothing is kept unless the instance is listening: before it starts, after it stops, and inside a
 * transaction (which may see its own uncommitted changes) every read goes to the database. A lost
 * listening connection forgets everything when it is back, since notifications sent meanwhile are gone.
 */
export class PriceMemory {
  private readonly rows = new Map<string, PriceAt>();
  /** Moves on each forget, so a read that started before it does not keep what it found. */
  private generation = 0;
  private unlisten: (() => Promise<void>) | null = null;

  get listening() {
    return this.unlisten !== null;
  }

  readonly forget = () => {
    this.generation += 1;
    this.rows.clear();
  };

  async start(database: Database) {
    if (this.unlisten) return;
    this.unlisten = await database.listen(CATALOG_CHANNEL, this.forget, this.forget);
    this.forget();
  }

  async stop() {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.forget();
    await unlisten?.();
  }

  async read(key: string, load: () => Promise<PriceAt | null>): Promise<PriceAt | null> {
    const kept = this.rows.get(key);
    if (kept) return kept;
    const generation = this.generation;
    const row = await load();
    if (row && this.listening && generation === this.generation) {
      if (this.rows.size >= MAX_PAIRS) this.rows.clear();
      // Shared by every request from now on: nobody may change it.
      this.rows.set(key, deepFreeze(row));
    }
    return row;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
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
