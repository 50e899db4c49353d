import type { categoryStoreBody, categoryUpdateBody } from '@ruwa/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Paging } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { AppError, notFound } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { changeCatalog, savedImage } from './changes';
import { toCategory } from './presenters';
import * as q from './queries';

export async function listCategories(db: DbOrTx, options: Paging & { enabled?: boolean }) {
  const { rows, total } = await q.listCategories(db, options);
  return { rows: rows.map((r) => toCategory(r.category, r.productsCount)), total };
}

export async function createCategory(ctx: AppContext, actorId: number, input: z.output<typeof categoryStoreBody>) {
  const image = await savedImage(ctx, input.base64_photos, 'categories');
  const row = await changeCatalog(ctx, async (tx) => {
    const created = await q.insertCategory(tx, { name: input.name, kind: input.kind, enabled: input.enabled, image });
    await audit(tx, {
      actorId,
      action: 'category.create',
      entity: 'product_categories',
      entityId: created.id,
      after: created,
    });
    return created;
  });
  return toCategory(row);
}

export async function updateCategory(ctx: AppContext, actorId: number, input: z.output<typeof categoryUpdateBody>) {
  const image = await savedImage(ctx, input.base64_photos, 'categories');
  const row = await changeCatalog(ctx, async (tx) => {
    const before = await q.findCategory(tx, input.id);
    const updated = await q.updateCategory(tx, input.id, {
      name: input.name,
      kind: input.kind,
      enabled: input.enabled,
      ...(image ? { image } : {}),
    });
    if (!updated) throw notFound('Category');
    await audit(tx, {
      actorId,
      action: 'category.update',
      entity: 'product_categories',
      entityId: updated.id,
      before,
      after: updated,
    });
    return updated;
  });
  return toCategory(row, await q.countProductsInCategory(ctx.db, row.id));
}

export async function deleteCategory(ctx: AppContext, actorId: number, id: number) {
  const inUse = await q.countProductsInCategory(ctx.db, id);
  if (inUse) {
    throw new AppError(
      'conflict',
      `This category still has ${inUse} product${inUse === 1 ? '' : 's'}. Move or delete them first.`,
    );
  }
  await changeCatalog(ctx, async (tx) => {
    const before = await q.findCategory(tx, id);
    if (!(await q.deleteCategory(tx, id))) throw notFound('Category');
    await audit(tx, { actorId, action: 'category.delete', entity: 'product_categories', entityId: id, before });
  });
}
