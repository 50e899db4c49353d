import { SAVED_ADDRESSES_MAX, type addressStoreBody, type addressUpdateBody, type SavedAddress } from '@ruwa/contract';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { locationNames } from '../catalog/service';
import { savedAddresses, type SavedAddressRow } from './schema';

function toSavedAddress(row: SavedAddressRow, locationName = ''): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    address: row.address,
    landmark: row.landmark,
    location_id: row.locationId,
    location_name: locationName,
    is_default: row.isDefault,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function present(db: DbOrTx, rows: SavedAddressRow[]) {
  const names = await locationNames(
    db,
    rows.map((row) => row.locationId),
  );
  return rows.map((row) => toSavedAddress(row, names.get(row.locationId)));
}

async function requireLocation(db: DbOrTx, locationId: number) {
  if (!(await locationNames(db, [locationId])).has(locationId))
    throw fieldError('location_id', 'The selected location is invalid.');
}

const mine = (userId: number, id: number) => and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId));

/** Another address of the customer stops being the default (one default, held by a unique index). */
async function clearDefault(db: DbOrTx, userId: number, except?: number) {
  await db
    .update(savedAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(savedAddresses.userId, userId),
        eq(savedAddresses.isDefault, true),
        except ? ne(savedAddresses.id, except) : undefined,
      ),
    );
}

/** The customer's addresses, the one to preselect first: last used, then the default, then newest. */
export async function listAddresses(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(sql`${savedAddresses.lastUsedAt} desc nulls last`, desc(savedAddresses.isDefault), desc(savedAddresses.id))
    .limit(SAVED_ADDRESSES_MAX);
  return present(db, rows);
}

export async function storeAddress(ctx: AppContext, userId: number, input: z.output<typeof addressStoreBody>) {
  await requireLocation(ctx.db, input.location_id);
  const row = await ctx.db.transaction(async (tx) => {
    const [kept] = await tx.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
    if ((kept?.n ?? 0) >= SAVED_ADDRESSES_MAX)
      throw new AppError('conflict', `You can keep up to ${SAVED_ADDRESSES_MAX} addresses. Delete one first.`);
    // The first address is the default until the customer says otherwise.
    const isDefault = input.is_default || (kept?.n ?? 0) === 0;
    if (isDefault) await clearDefault(tx, userId);
    const [created] = await tx
      .insert(savedAddresses)
      .values({
        userId,
        label: input.label,
        address: input.address,
        landmark: input.landmark,
        locationId: input.location_id,
        isDefault,
      })
      .returning();
    return created!;
  });
  return (await present(ctx.db, [row]))[0]!;
}

export async function updateAddress(ctx: AppContext, userId: number, input: z.output<typeof addressUpdateBody>) {
  if (input.location_id !== undefined) await requireLocation(ctx.db, input.location_id);
  const row = await ctx.db.transaction(async (tx) => {
    if (input.is_default) await clearDefault(tx, userId, input.id);
    const [updated] = await tx
      .update(savedAddresses)
      .set({
        label: input.label,
        address: input.address,
        landmark: input.landmark,
        locationId: input.location_id,
        isDefault: input.is_default,
        updatedAt: new Date(),
      })
      .where(mine(userId, input.id))
      .returning();
    if (!updated) throw notFound('Address');
    return updated;
  });
  return (await present(ctx.db, [row]))[0]!;
}

export async function deleteAddress(ctx: AppContext, userId: number, id: number) {
  const deleted = await ctx.db.delete(savedAddresses).where(mine(userId, id)).returning({ id: savedAddresses.id });
  if (!deleted.length) throw notFound('Address');
}

/**
 * Records that an order went to one of the customer's addresses, so checkout preselects it next
 * time. Someone else's address id changes nothing.
 */
export async function markAddressUsed(db: DbOrTx, userId: number, id: number) {
  await db.update(savedAddresses).set({ lastUsedAt: new Date() }).where(mine(userId, id));
}
