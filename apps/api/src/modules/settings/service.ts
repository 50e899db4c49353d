import { DEFAULT_SETTINGS, settingsSchema, type Settings, type settingsUpdateBody } from '@ruwa/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { audit } from '../audit/service';
import { settings } from './schema';

const KEY = 'business_rules';

/** The current rules: what admins saved, with defaults for anything never set. */
export async function getSettings(db: DbOrTx): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  if (!row) return DEFAULT_SETTINGS;
  const stored = row.value as Partial<Settings>;
  return settingsSchema.parse({
    referral: { ...DEFAULT_SETTINGS.referral, ...stored.referral },
    raffle: { ...DEFAULT_SETTINGS.raffle, ...stored.raffle },
    commission: { ...DEFAULT_SETTINGS.commission, ...stored.commission },
  });
}

export async function updateSettings(db: DbOrTx, actorId: number, changes: z.output<typeof settingsUpdateBody>): Promise<Settings> {
  const before = await getSettings(db);
  const after = settingsSchema.parse({
    referral: { ...before.referral, ...changes.referral },
    raffle: { ...before.raffle, ...changes.raffle },
    commission: { ...before.commission, ...changes.commission },
  });
  await db
    .insert(settings)
    .values({ key: KEY, value: after, updatedBy: String(actorId) })
    .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedAt: new Date(), updatedBy: String(actorId) } });
  await audit(db, { actorId, action: 'settings.update', entity: 'settings', entityId: KEY, before, after });
  return after;
}
