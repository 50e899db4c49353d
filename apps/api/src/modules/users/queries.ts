import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from './schema';

export type NewUser = typeof users.$inferInsert;

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

export async function updateUser(db: DbOrTx, id: number, values: Partial<NewUser>): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function listUsers(
  db: DbOrTx,
  options: { search?: string; role?: UserRow['role']; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const term = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    options.role ? eq(users.role, options.role) : undefined,
    term
      ? or(
          ilike(users.email, term),
          ilike(users.phoneNumber, term),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, term),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(options.limit).offset(options.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
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
