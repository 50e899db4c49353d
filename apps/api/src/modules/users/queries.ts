import { and, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { createdBetweenBatch, type KeysetBatch } from '../../db/keyset';
import { pagedSelect } from '../../db/paged';
import { users, type UserRow } from './schema';

export type NewUser = typeof users.$inferInsert;

const changingListeners = new Set<() => void>();

/**
 * `listener` runs before every write to users, inside whatever transaction the write is in: for
 * what other modules keep of users in memory (the auth module's sessions).
 */
export function onUsersChanging(listener: () => void) {
  changingListeners.add(listener);
}

function usersChanging() {
  for (const listener of changingListeners) listener();
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserByReferralCode(db: DbOrTx, code: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.referralCode, code)).limit(1);
  return row ?? null;
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function findCustomerByPhone(db: DbOrTx, phoneNumber: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), eq(users.role, 'customer')))
    .limit(1);
  return row ?? null;
}

export async function updateUser(db: DbOrTx, id: number, values: Partial<NewUser>): Promise<UserRow | null> {
  usersChanging();
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/**
 * A profile update. A new phone number or e-mail address has not been proven yet, so it loses its
 * verification; the comparison is made in the statement (with the row's old values), so an update
 * racing a verification cannot keep a proof of the old number.
 */
export async function updateProfileRow(
  db: DbOrTx,
  id: number,
  values: Partial<NewUser> & Pick<NewUser, 'email' | 'phoneNumber'>,
): Promise<UserRow | null> {
  usersChanging();
  const [row] = await db
    .update(users)
    .set({
      ...values,
      phoneVerifiedAt: sql`case when ${users.phoneNumber} = ${values.phoneNumber} then ${users.phoneVerifiedAt} end`,
      emailVerifiedAt: sql`case when lower(${users.email}) = ${values.email.toLowerCase()} then ${users.emailVerifiedAt} end`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Phones are stored +234XXXXXXXXXX, but admins type them as they see them: 0803 123 4567, 803...,
 * 234803..., +234 803... or a few digits from anywhere. A search that looks like (part of) a phone
 * number matches the stored number by its digits, and a leading 0 stands for +234.
 */
function phoneMatches(search: string): SQL | undefined {
  const compact = search.replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  const digits = compact.replace(/^\+/, '');
  return or(
    like(users.phoneNumber, `%${digits}%`),
    digits.startsWith('0') && digits.length > 1 ? like(users.phoneNumber, `+234${digits.slice(1)}%`) : undefined,
  );
}

/**
 * The admin search over users: a fragment of the e-mail, the name ("first last") or the phone, the
 * phone also as typed locally (phoneMatches). Other modules' admin searches use it as a subquery
 * (`select id from users where ...`), so every screen finds a customer the same way.
 */
export function userSearchCondition(search: string): SQL | undefined {
  const term = `%${likeEscape(search)}%`;
  return or(
    ilike(users.email, term),
    ilike(users.phoneNumber, term),
    phoneMatches(search),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
  );
}

/** The ids of users matching an admin search, as a subquery another module's query can filter by. */
export function userIdsMatching(db: DbOrTx, search: string) {
  return db.select({ id: users.id }).from(users).where(userSearchCondition(search));
}

export async function listUsers(
  db: DbOrTx,
  options: { search?: string; role?: UserRow['role']; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    options.role ? eq(users.role, options.role) : undefined,
    options.search ? userSearchCondition(options.search) : undefined,
  );
  const { rows, total } = await pagedSelect(db, users, {
    where,
    orderBy: [desc(users.id)],
    limit: options.limit,
    offset: options.offset,
  });
  return { rows, total };
}

/** Every active admin account, oldest first. */
export async function findActiveAdmins(db: DbOrTx): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(users.id);
}

export async function findUsersByIds(db: DbOrTx, ids: number[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

export async function countCustomersSince(db: DbOrTx, from: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'customer'), sql`${users.createdAt} >= ${from}`));
  return row?.n ?? 0;
}

/** Takes the user's row lock until the transaction ends, so one account's requests take turns. */
export async function lockUser(tx: DbOrTx, id: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/**
 * Marks the phone number verified, only while it is still the number the code was sent to (a
 * profile change in between wins). Answers whether it did.
 */
export async function setPhoneVerified(db: DbOrTx, id: number, phoneNumber: string, at: Date): Promise<boolean> {
  usersChanging();
  const rows = await db
    .update(users)
    .set({ phoneVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, id), eq(users.phoneNumber, phoneNumber)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** As setPhoneVerified, for the e-mail address the link was sent to. */
export async function setEmailVerified(db: DbOrTx, id: number, email: string, at: Date): Promise<boolean> {
  usersChanging();
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, id), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The ids of customer accounts (not staff), as a subquery for `inArray`. */
export function customerIdsQuery(db: DbOrTx) {
  return db.select({ id: users.id }).from(users).where(eq(users.role, 'customer'));
}

/** Every admin account, owners first, then by name. */
export async function listStaff(db: DbOrTx): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(sql`${users.staffRole} <> 'owner'`, users.firstName, users.lastName, users.id);
}

/**
 * The owners' ids, their rows locked until the transaction ends: a change that could leave the
 * business without an owner counts them under this lock, so two owners demoting each other at once
 * cannot both succeed (the second sees the first's change when the lock is released).
 */
export async function lockOwners(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.staffRole, 'owner'))
    .orderBy(users.id)
    .for('update');
  return rows.map((row) => row.id);
}

/** A batch of the customers who signed up in a period (createdBetweenBatch), for the export. */
export const customersCreatedBetween = (db: DbOrTx, batch: KeysetBatch) =>
  createdBetweenBatch(db, users, batch, eq(users.role, 'customer'));
