import {
  parseSupportReference,
  type AdminSupportCase,
  type SupportCase,
  type SupportCaseStatus,
  type SupportCaseStoreBody,
} from '@ruwa/contract';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pagedSelect, type Paging } from '../../db/paged';
import type { AppContext } from '../../lib/context';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { actionEmail } from '../../platform/mail/mailer';
import { audit } from '../audit/service';
import { notify } from '../notifications/service';
import * as orders from '../orders/service';
import * as users from '../users/service';
import * as vtu from '../vtu/service';
import * as wallet from '../wallet/service';
import { supportCaseEntries, supportCases, type SupportCaseEntryRow, type SupportCaseRow } from './schema';

const REFERENCE_FORMAT = 'Enter a reference like ORD-12, SUB-3, VTU-7 or a wallet TX_ id.';
const NOT_YOURS = 'We could not find that purchase among yours. Check the reference on its receipt.';

/** Whether the reference names something this customer bought or moved (anyone else's is not found). */
async function isOwnedBy(db: DbOrTx, userId: number, target: NonNullable<ReturnType<typeof parseSupportReference>>) {
  switch (target.kind) {
    case 'order':
      return (await orders.findOrder(db, target.id!))?.userId === userId;
    case 'subscription':
      return (await orders.findSubscription(db, target.id!))?.userId === userId;
    case 'vtu':
      return vtu.ownsPurchase(db, userId, target.id!);
    case 'wallet':
      return (await wallet.findOwnTransaction(db, userId, target.reference)) !== null;
  }
}

function toCustomerCase(row: SupportCaseRow, entries: SupportCaseEntryRow[]): SupportCase {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    messages: entries
      .filter((entry) => entry.kind !== 'note')
      .map((entry) => ({
        id: entry.id,
        from: entry.kind === 'message' ? ('customer' as const) : ('support' as const),
        body: entry.body,
        created_at: entry.createdAt.toISOString(),
      })),
  };
}

/** The entries of these cases, oldest first, grouped by case; internal notes only when asked for. */
async function entriesOf(db: DbOrTx, caseIds: number[], withNotes: boolean) {
  const grouped = new Map<number, SupportCaseEntryRow[]>();
  if (!caseIds.length) return grouped;
  const where = inArray(supportCaseEntries.caseId, caseIds);
  const rows = await db
    .select()
    .from(supportCaseEntries)
    .where(withNotes ? where : and(where, ne(supportCaseEntries.kind, 'note')))
    .orderBy(asc(supportCaseEntries.id));
  for (const row of rows) grouped.set(row.caseId, [...(grouped.get(row.caseId) ?? []), row]);
  return grouped;
}

/** Opens a case about one of the customer's own purchases or wallet movements. */
export async function openCase(db: DbOrTx, userId: number, body: SupportCaseStoreBody): Promise<SupportCase> {
  const target = parseSupportReference(body.reference);
  if (!target) throw fieldError('reference', REFERENCE_FORMAT);
  if (!(await isOwnedBy(db, userId, target))) throw new AppError('not_found', NOT_YOURS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportCases)
      .values({ userId, reference: target.reference, referenceKind: target.kind, referenceId: target.id })
      .returning();
    const [entry] = await tx
      .insert(supportCaseEntries)
      .values({ caseId: row!.id, kind: 'message', authorId: userId, body: body.message })
      .returning();
    return toCustomerCase(row!, [entry!]);
  });
}

/** The customer's own cases, newest first, with the messages and replies of each. */
export async function listMyCases(db: DbOrTx, userId: number, paging: Paging) {
  const { rows, total } = await pagedSelect(db, supportCases, {
    where: eq(supportCases.userId, userId),
    orderBy: [desc(supportCases.id)],
    ...paging,
  });
  const entries = await entriesOf(
    db,
    rows.map((row) => row.id),
    false,
  );
  return { rows: rows.map((row) => toCustomerCase(row, entries.get(row.id) ?? [])), total };
}

/**
 * The customer answers on their own case (anyone else's is not found); a case waiting on them or
 * resolved is open again, for the team to read.
 */
export async function answerCase(db: DbOrTx, userId: number, id: number, message: string): Promise<SupportCase> {
  return db.transaction(async (tx) => {
    const current = await lockedCase(tx, id);
    if (current.userId !== userId) throw notFound('Support case');
    await tx.insert(supportCaseEntries).values({ caseId: id, kind: 'message', authorId: userId, body: message });
    const [row] = await tx
      .update(supportCases)
      .set({ status: 'open', updatedAt: new Date() })
      .where(eq(supportCases.id, id))
      .returning();
    const entries = await entriesOf(tx, [id], false);
    return toCustomerCase(row!, entries.get(id) ?? []);
  });
}

const fullName = (user: users.UserRow) => `${user.firstName} ${user.lastName}`;

async function toAdminCases(db: DbOrTx, rows: SupportCaseRow[]): Promise<AdminSupportCase[]> {
  const entries = await entriesOf(
    db,
    rows.map((row) => row.id),
    true,
  );
  const people = await users.usersByIds(db, [
    ...new Set([
      ...rows.map((row) => row.userId),
      ...[...entries.values()].flat().flatMap((entry) => (entry.authorId ? [entry.authorId] : [])),
    ]),
  ]);
  return rows.map((row) => {
    const customer = people.get(row.userId);
    return {
      id: row.id,
      reference: row.reference,
      reference_kind: row.referenceKind,
      reference_id: row.referenceId,
      status: row.status,
      customer: {
        id: row.userId,
        name: customer ? fullName(customer) : 'Deleted account',
        email: customer?.email ?? '',
        phone_number: customer?.phoneNumber ?? '',
      },
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      entries: (entries.get(row.id) ?? []).map((entry) => {
        const author = entry.authorId ? people.get(entry.authorId) : undefined;
        return {
          id: entry.id,
          kind: entry.kind,
          body: entry.body,
          author: author ? { id: author.id, name: fullName(author) } : null,
          created_at: entry.createdAt.toISOString(),
        };
      }),
    };
  });
}

/** Every case for the team, newest first, optionally of one status. */
export async function listCases(db: DbOrTx, filter: Paging & { status?: SupportCaseStatus }) {
  const { rows, total } = await pagedSelect(db, supportCases, {
    where: filter.status ? eq(supportCases.status, filter.status) : undefined,
    orderBy: [desc(supportCases.id)],
    limit: filter.limit,
    offset: filter.offset,
  });
  return { rows: await toAdminCases(db, rows), total };
}

async function lockedCase(db: DbOrTx, id: number): Promise<SupportCaseRow> {
  const [row] = await db.select().from(supportCases).where(eq(supportCases.id, id)).for('update');
  if (!row) throw notFound('Support case');
  return row;
}

/** One case with its customer and everything written on it, internal notes included. */
export async function getCase(db: DbOrTx, id: number): Promise<AdminSupportCase> {
  const [row] = await db.select().from(supportCases).where(eq(supportCases.id, id));
  if (!row) throw notFound('Support case');
  return (await toAdminCases(db, [row]))[0]!;
}

/** Moves a case to another status (audited). */
export async function changeStatus(db: DbOrTx, actorId: number, id: number, status: SupportCaseStatus) {
  await db.transaction(async (tx) => {
    const before = await lockedCase(tx, id);
    await tx.update(supportCases).set({ status, updatedAt: new Date() }).where(eq(supportCases.id, id));
    await audit(tx, {
      actorId,
      action: 'support_case.status',
      entity: 'support_cases',
      entityId: id,
      before: { status: before.status },
      after: { status },
    });
  });
  return getCase(db, id);
}

/** Writes a note for the team only (audited); the customer never sees it. */
export async function addNote(db: DbOrTx, actorId: number, id: number, note: string) {
  await db.transaction(async (tx) => {
    await lockedCase(tx, id);
    const [entry] = await tx
      .insert(supportCaseEntries)
      .values({ caseId: id, kind: 'note', authorId: actorId, body: note })
      .returning({ id: supportCaseEntries.id });
    await tx.update(supportCases).set({ updatedAt: new Date() }).where(eq(supportCases.id, id));
    await audit(tx, {
      actorId,
      action: 'support_case.note',
      entity: 'support_cases',
      entityId: id,
      after: { entry_id: entry!.id, note },
    });
  });
  return getCase(db, id);
}

/**
 * Answers the customer (audited): the reply is on the case, in their notifications, and e-mailed to
 * their address once it is verified. The reply stands whatever the mail server does; a failed
 * e-mail is logged.
 */
export async function replyToCustomer(ctx: AppContext, actorId: number, id: number, message: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockedCase(tx, id);
    const [entry] = await tx
      .insert(supportCaseEntries)
      .values({ caseId: id, kind: 'reply', authorId: actorId, body: message })
      .returning({ id: supportCaseEntries.id });
    await tx.update(supportCases).set({ updatedAt: new Date() }).where(eq(supportCases.id, id));
    await notify(tx, current.userId, {
      kind: 'support',
      title: `Ruwa replied to case #${id} (${current.reference})`,
      description: message,
    });
    await audit(tx, {
      actorId,
      action: 'support_case.reply',
      entity: 'support_cases',
      entityId: id,
      after: { entry_id: entry!.id, message },
    });
    return current;
  });
  const customer = await users.getUser(ctx.db, row.userId);
  if (customer.emailVerifiedAt) {
    try {
      await ctx.mailer.send({
        to: customer.email,
        subject: `Ruwa support: reply to case #${id} (${row.reference})`,
        ...actionEmail({
          greeting: `Hello ${customer.firstName},`,
          lines: [`We have replied to your case #${id} about ${row.reference}:`, message],
          action: { label: 'See your cases', url: `${ctx.publicUrl}/help` },
          footer: 'You are receiving this because you reported a problem in the Ruwa app.',
        }),
      });
    } catch (error) {
      ctx.log.warn({ err: error, caseId: id }, 'support reply e-mail not sent');
    }
  }
  return getCase(ctx.db, id);
}
