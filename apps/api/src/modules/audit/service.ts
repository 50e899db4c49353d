import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { createdBetweenBatch, type KeysetBatch } from '../../db/keyset';
import { pagedSelect } from '../../db/paged';
import type { ACTOR_ROLES, STATUS_ENTITIES } from './schema';
import { auditLog, statusHistory } from './schema';

export type Actor = { id: number | null; role: (typeof ACTOR_ROLES)[number] };
export const SYSTEM: Actor = { id: null, role: 'system' };

/** One state change of an order, a withdrawal or a VTU purchase (`from` null when the record is created). */
export type StatusChange<Status extends string = string> = {
  entity: (typeof STATUS_ENTITIES)[number];
  entityId: number;
  from: Status | null;
  to: Status;
  actor: Actor;
  note?: string | null;
};

/** Records state changes, in the caller's transaction so a change and its record land together. */
export async function recordStatusChange(db: DbOrTx, ...changes: StatusChange[]) {
  await db.insert(statusHistory).values(
    changes.map((change) => ({
      entity: change.entity,
      entityId: change.entityId,
      fromStatus: change.from,
      toStatus: change.to,
      actorId: change.actor.id,
      actorRole: change.actor.role,
      note: change.note ?? null,
    })),
  );
}

/**
 * `recordStatusChange` as part of one SQL statement that records a change with the rows it writes
 * (the wallet-paid order): a status-history row for each row of `source`, its values SQL over that
 * row's columns.
 */
export const statusChangeFrom = (
  source: SQL,
  change: Pick<StatusChange, 'entity'> & {
    entityId: SQL;
    from: SQL | null;
    to: SQL;
    actorId: SQL;
    actorRole: Actor['role'];
    note: SQL;
  },
) => sql`insert into status_history (entity, entity_id, from_status, to_status, actor_id, actor_role, note)
  select ${change.entity}::text, ${change.entityId}, ${change.from ?? sql`null`}::text, ${change.to}::text, ${change.actorId},
    ${change.actorRole}::text, ${change.note}
  from ${source}`;

/** Records the state a record was created in, by the customer who asked for it. */
export function recordCreatedByCustomer(
  db: DbOrTx,
  entity: StatusChange['entity'],
  entityId: number,
  status: string,
  customerId: number,
  note: string | null = null,
) {
  return recordStatusChange(db, {
    entity,
    entityId,
    from: null,
    to: status,
    actor: { id: customerId, role: 'customer' },
    note,
  });
}

/** A record's state changes, oldest first. */
export async function statusHistoryOf<Status extends string = string>(
  db: DbOrTx,
  entity: StatusChange['entity'],
  entityId: number,
) {
  const rows = await db
    .select()
    .from(statusHistory)
    .where(and(eq(statusHistory.entity, entity), eq(statusHistory.entityId, entityId)))
    .orderBy(asc(statusHistory.id));
  return rows as (Omit<(typeof rows)[number], 'fromStatus' | 'toStatus'> & {
    fromStatus: Status | null;
    toStatus: Status;
  })[];
}

/** Writes one audit entry; answers its id. */
export async function audit(
  db: DbOrTx,
  entry: {
    actorId: number | null;
    action: string;
    entity: string;
    entityId?: string | number | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

/** The entry with this id, if it records `action`. */
export async function findAuditEntry(db: DbOrTx, id: number, action: string) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.id, id), eq(auditLog.action, action)));
  return row;
}

type EntriesQuery = { entity: string; entityId: string | number; action: string; since?: Date; afterHas?: object };

/**
 * One record's entries of `action`, at or after `since` when given, whose `after` holds every field
 * of `afterHas` (JSON containment). Reads the (entity, entity_id) index.
 */
const entriesOf = (query: EntriesQuery) =>
  and(
    eq(auditLog.entity, query.entity),
    eq(auditLog.entityId, String(query.entityId)),
    eq(auditLog.action, query.action),
    query.since ? gte(auditLog.createdAt, query.since) : undefined,
    query.afterHas ? sql`${auditLog.after} @> ${JSON.stringify(query.afterHas)}::jsonb` : undefined,
  );

/** Whether one record has such an entry (entriesOf). */
export async function hasAuditEntry(db: DbOrTx, query: EntriesQuery): Promise<boolean> {
  const [row] = await db.select({ id: auditLog.id }).from(auditLog).where(entriesOf(query)).limit(1);
  return row !== undefined;
}

/** When each such entry (entriesOf) was written, the latest first. */
export async function auditEntryTimes(db: DbOrTx, query: EntriesQuery): Promise<Date[]> {
  const rows = await db
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(entriesOf(query))
    .orderBy(desc(auditLog.id));
  return rows.map((row) => row.at);
}

export async function listAudit(
  db: DbOrTx,
  options: { entity?: string; actorId?: number; limit: number; offset: number },
) {
  const where = and(
    options.entity ? eq(auditLog.entity, options.entity) : undefined,
    options.actorId ? eq(auditLog.actorId, options.actorId) : undefined,
  );
  const { rows, total } = await pagedSelect(db, auditLog, {
    where,
    orderBy: [desc(auditLog.id)],
    limit: options.limit,
    offset: options.offset,
  });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      actor_id: r.actorId,
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      before: r.before,
      after: r.after,
      created_at: r.createdAt.toISOString(),
    })),
    total,
  };
}

/** A batch of the audit entries of a period (createdBetweenBatch), for the admin export. */
export const auditCreatedBetween = (db: DbOrTx, batch: KeysetBatch) => createdBetweenBatch(db, auditLog, batch);
