import { DATA_BUNDLE_SEED, nairaToKobo, type Network } from '@ruwa/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import { VtuProviderError, type Variation } from '../../platform/vtu/client';
import { audit } from '../audit/service';
import { toBundle } from './presenters';
import { serviceId } from './provider-service-id';
import { dataBundles } from './schema';

/** Data bundles are server data: the table is seeded once, then admins own the prices. */
export async function ensureDataBundles(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(dataBundles);
  if ((row?.n ?? 0) > 0) return;
  await db
    .insert(dataBundles)
    .values(
      DATA_BUNDLE_SEED.map((b, i) => ({
        network: b.network,
        variationCode: b.variation_code,
        name: b.name,
        priceKobo: nairaToKobo(b.price),
        sortOrder: i,
      })),
    )
    .onConflictDoNothing();
}

export async function listBundles(db: DbOrTx, options: { network?: Network; includeDisabled?: boolean }) {
  const rows = await db
    .select()
    .from(dataBundles)
    .where(
      and(
        options.network ? eq(dataBundles.network, options.network) : undefined,
        options.includeDisabled ? undefined : eq(dataBundles.enabled, true),
      ),
    )
    // Cheapest first: how people compare bundles (the seed's order is the provider's).
    .orderBy(asc(dataBundles.priceKobo), asc(dataBundles.sortOrder), asc(dataBundles.id));
  return rows.map(toBundle);
}

export async function updateBundle(db: Db, actorId: number, input: { id: number; price?: number; enabled?: boolean }) {
  // The change and its audit row are one transaction: neither lands without the other.
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(dataBundles).where(eq(dataBundles.id, input.id));
    const [row] = await tx
      .update(dataBundles)
      .set({
        ...(input.price !== undefined ? { priceKobo: nairaToKobo(input.price) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        updatedAt: new Date(),
      })
      .where(eq(dataBundles.id, input.id))
      .returning();
    if (!row) throw notFound('Data bundle');
    await audit(tx, {
      actorId,
      action: 'data_bundle.update',
      entity: 'data_bundles',
      entityId: row.id,
      before,
      after: row,
    });
    return toBundle(row);
  });
}

/**
 * Compares a network's bundles with the provider's list (`/service-variations`). A bundle the provider
 * has started offering is added switched off, at the provider's price, for an admin to check, price and
 * enable; the prices of bundles we already sell are never touched (admins own them). Our bundles the
 * provider no longer lists are answered as `not_offered`, so an admin can switch them off.
 */
export async function syncBundlesFromProvider(ctx: AppContext, actorId: number, network: Network) {
  let offered: Variation[];
  try {
    offered = await ctx.vtu.variations(serviceId(network, 'data'));
  } catch (error) {
    if (!(error instanceof VtuProviderError)) throw error;
    throw new AppError('bad_gateway', 'The VTU provider did not answer. Try again shortly.');
  }
  offered = offered.filter((v) => nairaToKobo(v.amount) > 0);
  // An empty list is a provider fault, not a sign that every bundle was withdrawn.
  if (!offered.length)
    throw new AppError('bad_gateway', 'The VTU provider listed no bundles for this network. Try again shortly.');

  return ctx.db.transaction(async (tx) => {
    const ours = await tx
      .select()
      .from(dataBundles)
      .where(eq(dataBundles.network, network))
      .orderBy(asc(dataBundles.sortOrder), asc(dataBundles.id));
    const known = new Set(ours.map((b) => b.variationCode));
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${dataBundles.sortOrder}), 0)`.mapWith(Number) })
      .from(dataBundles);
    const fresh = offered.filter(
      (v, i) => !known.has(v.variation_code) && offered.findIndex((o) => o.variation_code === v.variation_code) === i,
    );
    const added = fresh.length
      ? await tx
          .insert(dataBundles)
          .values(
            fresh.map((v, i) => ({
              network,
              variationCode: v.variation_code,
              name: v.name.slice(0, 100),
              priceKobo: nairaToKobo(v.amount),
              enabled: false,
              sortOrder: (last?.max ?? 0) + 1 + i,
            })),
          )
          .onConflictDoNothing()
          .returning()
      : [];
    for (const row of added)
      await audit(tx, {
        actorId,
        action: 'data_bundle.add_from_provider',
        entity: 'data_bundles',
        entityId: row.id,
        after: row,
      });
    const listed = new Set(offered.map((v) => v.variation_code));
    return { added: added.map(toBundle), not_offered: ours.filter((b) => !listed.has(b.variationCode)).map(toBundle) };
  });
}
