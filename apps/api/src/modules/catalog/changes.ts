import type { Tx } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { decodeImage } from '../../platform/storage/images';
import { priceMemoryOf } from './prices';

// What every change to the catalogue goes through: the photo it brings and its transaction.

export async function savedImage(
  ctx: AppContext,
  photos: string[] | undefined,
  folder: string,
): Promise<string | undefined> {
  const photo = photos?.[0];
  if (!photo) return undefined;
  const image = await decodeImage(photo, 'base64_photos', { allowed: ['jpg', 'png', 'webp'] });
  return ctx.images.save(image, folder);
}

/**
 * A change to the catalogue in one transaction. This instance forgets the prices it keeps once the
 * change is over, so its next order reads the new ones; the others forget them when PostgreSQL tells
 * them (the tables' triggers).
 */
export function changeCatalog<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(work).finally(priceMemoryOf(ctx.db).forget);
}
