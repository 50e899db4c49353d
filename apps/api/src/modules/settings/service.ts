import { DEFAULT_SETTINGS, settingsSchema, type Settings, type settingsUpdateBody } from '@ruwa/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { fieldError } from '../../lib/http/errors';
import { audit } from '../audit/service';
import { activeAdmins } from '../users/service';
import { settings } from './schema';

const KEY = 'business_rules';

/** Stored rules over the defaults, group by group: a field never saved keeps its default. */
function withDefaults(stored: Partial<Record<keyof Settings, object>> | undefined): Settings {
  return settingsSchema.parse({
    referral: { ...DEFAULT_SETTINGS.referral, ...stored?.referral },
    raffle: { ...DEFAULT_SETTINGS.raffle, ...stored?.raffle },
    commission: { ...DEFAULT_SETTINGS.commission, ...stored?.commission },
    alerts: { ...DEFAULT_SETTINGS.alerts, ...stored?.alerts },
    withdrawals: { ...DEFAULT_SETTINGS.withdrawals, ...stored?.withdrawals },
    adjustments: { ...DEFAULT_SETTINGS.adjustments, ...stored?.adjustments },
    funding: { ...DEFAULT_SETTINGS.funding, ...stored?.funding },
    support: { ...DEFAULT_SETTINGS.support, ...stored?.support },
  });
}

/** Only the fields actually given (an explicit undefined changes nothing). */
function given<T extends object>(changes: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(changes ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The current rules: what admins saved, with defaults for anything never set. */
export async function getSettings(db: DbOrTx): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  if (!row) return DEFAULT_SETTINGS;
  return withDefaults(row.value as Partial<Settings>);
}

/**
 * Changes only the fields sent; every other rule keeps its saved value. The row is locked while it is
 * read and rewritten, so two admins saving different fields at once both keep their change.
 */
export async function updateSettings(
  db: DbOrTx,
  actorId: number,
  changes: z.output<typeof settingsUpdateBody>,
): Promise<Settings> {
  const onDuty = changes.alerts?.on_duty_admin_ids;
  if (onDuty) await checkOnDutyAdmins(db, onDuty);
  return db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: KEY, value: {}, updatedBy: String(actorId) })
      .onConflictDoNothing({ target: settings.key });
    const [row] = await tx.select().from(settings).where(eq(settings.key, KEY)).for('update');
    const before = withDefaults(row?.value as Partial<Settings> | undefined);
    const after = settingsSchema.parse({
      referral: { ...before.referral, ...given(changes.referral) },
      raffle: { ...before.raffle, ...given(changes.raffle) },
      commission: { ...before.commission, ...given(changes.commission) },
      alerts: {
        ...before.alerts,
        ...given(changes.alerts),
        ...(onDuty ? { on_duty_admin_ids: [...new Set(onDuty)].sort((a, b) => a - b) } : {}),
      },
      withdrawals: { ...before.withdrawals, ...given(changes.withdrawals) },
      adjustments: { ...before.adjustments, ...given(changes.adjustments) },
      funding: { ...before.funding, ...given(changes.funding) },
      support: { ...before.support, ...given(changes.support) },
    });
    await tx
      .update(settings)
      .set({ value: after, updatedAt: new Date(), updatedBy: String(actorId) })
      .where(eq(settings.key, KEY));
    await audit(tx, { actorId, action: 'settings.update', entity: 'settings', entityId: KEY, before, after });
    return after;
  });
}

/** Only active admins can be on duty: anyone else would be texted about orders they cannot act on. */
async function checkOnDutyAdmins(db: DbOrTx, ids: number[]) {
  const admins = new Set((await activeAdmins(db)).map((admin) => admin.id));
  if (ids.some((id) => !admins.has(id))) throw fieldError('alerts.on_duty_admin_ids', 'Choose admins from the list.');
}

/** How customers reach the business, as the Help screen shows it: null where nothing is set. */
export async function supportContacts(
  db: DbOrTx,
): Promise<{ phone: string | null; whatsapp: string | null; email: string | null }> {
  const { support } = await getSettings(db);
  return { phone: support.phone || null, whatsapp: support.whatsapp || null, email: support.email || null };
}
