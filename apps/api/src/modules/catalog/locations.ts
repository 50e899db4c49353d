import { nairaToKobo, type locationStoreBody, type locationUpdateBody } from '@ruwa/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Paging } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { changeCatalog } from './changes';
import { toLocation } from './presenters';
import * as q from './queries';

/** The location body's naira amounts as the row's kobo columns; fields left out stay as they are. */
function locationValues(input: Partial<z.output<typeof locationStoreBody>>) {
  const { delivery_fee, minimum_order, delivery_windows, ...rest } = input;
  return {
    ...rest,
    ...(delivery_windows === undefined ? {} : { deliveryWindows: delivery_windows }),
    ...(delivery_fee === undefined ? {} : { deliveryFeeKobo: nairaToKobo(delivery_fee) }),
    ...(minimum_order === undefined ? {} : { minimumOrderKobo: nairaToKobo(minimum_order) }),
  };
}

export async function listLocations(db: DbOrTx, options: Paging & { enabled?: boolean }) {
  const { rows, total } = await q.listLocations(db, options);
  return { rows: rows.map(toLocation), total };
}

export async function createLocation(ctx: AppContext, actorId: number, input: z.output<typeof locationStoreBody>) {
  const row = await changeCatalog(ctx, async (tx) => {
    const created = await q.insertLocation(tx, {
      ...locationValues(input),
      name: input.name,
      state: input.state,
      country: input.country,
    });
    await audit(tx, { actorId, action: 'location.create', entity: 'locations', entityId: created.id, after: created });
    return created;
  });
  return toLocation(row);
}

export async function updateLocation(ctx: AppContext, actorId: number, input: z.output<typeof locationUpdateBody>) {
  const { id, ...values } = input;
  const row = await changeCatalog(ctx, async (tx) => {
    const before = await q.findLocation(tx, id);
    const updated = await q.updateLocation(tx, id, locationValues(values));
    if (!updated) throw notFound('Location');
    await audit(tx, { actorId, action: 'location.update', entity: 'locations', entityId: id, before, after: updated });
    return updated;
  });
  return toLocation(row);
}

export async function deleteLocation(ctx: AppContext, actorId: number, id: number) {
  const inUse = await q.countProductsAtLocation(ctx.db, id);
  if (inUse) {
    throw new AppError(
      'conflict',
      `${inUse} product${inUse === 1 ? ' is' : 's are'} still priced at this location. Remove the prices first.`,
    );
  }
  await changeCatalog(ctx, async (tx) => {
    const before = await q.findLocation(tx, id);
    if (!(await q.deleteLocation(tx, id))) throw notFound('Location');
    await audit(tx, { actorId, action: 'location.delete', entity: 'locations', entityId: id, before });
  });
}

/** Location names by id, for other modules' listings. */
export async function locationNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const rows = await q.findLocations(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.name]));
}
