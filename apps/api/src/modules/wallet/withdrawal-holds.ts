import {
  APPROVAL_HOLD_REASONS,
  koboToNaira,
  nairaToKobo,
  WITHDRAWAL_HOLD_HOURS,
  type AdminWithdrawal,
  type HeldWithdrawal,
  type OwnWithdrawal,
  type WithdrawalHoldReason,
} from '@ruwa/contract';
import { and, asc, desc, eq, gt, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { containing } from '../../db/like';
import { pagedSelect } from '../../db/paged';
import { getSettings } from '../settings/service';
import { customersMatching, usersByIds } from '../users/service';
import {
  wallets,
  withdrawalCooldowns,
  withdrawals,
  type BankAccountRow,
  type WithdrawalCooldownReason,
  type WithdrawalRow,
  type WithdrawalStatus,
} from './schema';

/**
 * The cool-downs that protect a wallet when its session may be someone else's: a withdrawal made
 * soon after a forgotten PIN or password was reset, or to a bank account saved less than a day ago
 * (above the admins' amount), is accepted and set aside, but its bank transfer waits. Whoever reset
 * the PIN with a stolen session cannot empty the wallet into their own account at once; the owner,
 * told by e-mail, can cancel it or call us first.
 */
export const HOLD_MS = WITHDRAWAL_HOLD_HOURS * 3600_000;

// The table's reasons are the contract's (the reply schema would refuse any other).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const reasonsAgree: Same<WithdrawalRow['holdReason'] & string, WithdrawalHoldReason> = true;
void reasonsAgree;

/** A hold ends at `until`, or, with `until` null, only when an admin other than the customer approves it. */
export type Hold = { reason: WithdrawalHoldReason; until: Date | null };

export const needsApproval = (reason: WithdrawalHoldReason | null): boolean =>
  (APPROVAL_HOLD_REASONS as readonly string[]).includes(reason ?? '');

/**
 * Starts a cool-down on the customer's withdrawals, in the caller's transaction (the reset's own).
 * It locks the wallet row as a withdrawal does, so a withdrawal racing the reset either committed
 * before it (and was not affected by it) or sees the cool-down.
 */
export async function startWithdrawalCooldown(
  tx: Tx,
  userId: number,
  reason: WithdrawalCooldownReason,
  now = new Date(),
): Promise<Date> {
  // A customer without a wallet has nothing to withdraw: there is no row to lock, nor any need.
  await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId)).for('update');
  const endsAt = new Date(now.getTime() + HOLD_MS);
  await tx.insert(withdrawalCooldowns).values({ userId, reason, endsAt, createdAt: now });
  return endsAt;
}

/** The admins' withdrawal rules, in kobo where they are money. */
export type HoldRules = { newAccountAboveKobo: number; approvalAboveKobo: number; holdNameMismatch: boolean };

/** The admins' withdrawal rules, read before the wallet is locked. */
export async function withdrawalHoldRules(db: DbOrTx): Promise<HoldRules> {
  const rules = (await getSettings(db)).withdrawals;
  return {
    newAccountAboveKobo: nairaToKobo(rules.new_account_hold_above),
    approvalAboveKobo: nairaToKobo(rules.approval_above),
    holdNameMismatch: rules.hold_name_mismatch,
  };
}

/** The admins' amount (kobo) above which a withdrawal to a bank account saved in the last day is held. */
export async function newAccountHoldAboveKobo(db: DbOrTx): Promise<number> {
  return (await withdrawalHoldRules(db)).newAccountAboveKobo;
}

/** A name's words, upper case, letters only: "Okafor, Chioma N." -> CHIOMA, N, OKAFOR. */
const nameWords = (name: string) => new Set(name.toUpperCase().match(/\p{L}+/gu) ?? []);

/**
 * Whether a bank-resolved account name is the customer's: both their first and last name appear in
 * it, in any order (banks write SURNAME FIRST, add middle names, and drop punctuation).
 */
export function isOwnAccountName(accountName: string, owner: { firstName: string; lastName: string }): boolean {
  const words = nameWords(accountName);
  const own = [...nameWords(owner.firstName), ...nameWords(owner.lastName)];
  return own.length > 0 && own.every((word) => words.has(word));
}

/**
 * Whether a withdrawal of `amountKobo` to `account` is held, why, and until when: the hold that
 * ends last when several apply. Call it with the wallet row locked (see startWithdrawalCooldown).
 */
export async function holdFor(
  tx: Tx,
  options: {
    userId: number;
    owner: { firstName: string; lastName: string };
    account: BankAccountRow;
    amountKobo: number;
    rules: HoldRules;
    now: Date;
  },
): Promise<Hold | null> {
  const { userId, owner, account, amountKobo, rules, now } = options;
  // An approval outweighs any clock: the money waits for an admin whatever else applies.
  if (amountKobo > rules.approvalAboveKobo) return { reason: 'large_amount', until: null };
  if (rules.holdNameMismatch && !isOwnAccountName(account.accountName, owner))
    return { reason: 'name_mismatch', until: null };
  const holds: { reason: WithdrawalHoldReason; until: Date }[] = [];
  const [cooldown] = await tx
    .select({ reason: withdrawalCooldowns.reason, endsAt: withdrawalCooldowns.endsAt })
    .from(withdrawalCooldowns)
    .where(and(eq(withdrawalCooldowns.userId, userId), gt(withdrawalCooldowns.endsAt, now)))
    .orderBy(desc(withdrawalCooldowns.endsAt))
    .limit(1);
  if (cooldown) holds.push({ reason: cooldown.reason, until: cooldown.endsAt });
  const accountReadyAt = new Date(account.createdAt.getTime() + HOLD_MS);
  if (amountKobo > rules.newAccountAboveKobo && accountReadyAt > now)
    holds.push({ reason: 'new_bank_account', until: accountReadyAt });
  return holds.reduce<Hold | null>((last, hold) => (!last?.until || hold.until > last.until ? hold : last), null);
}

export function toHeldWithdrawal(row: WithdrawalRow): HeldWithdrawal {
  return {
    reference: row.reference,
    amount: koboToNaira(row.amountKobo),
    destination: row.destination,
    reason: row.holdReason!,
    held_until: row.heldUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The customer's withdrawals waiting for their bank transfer, soonest sent first. */
export async function heldWithdrawalsOf(db: DbOrTx, userId: number): Promise<HeldWithdrawal[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'held')))
    .orderBy(sql`${withdrawals.heldUntil} asc nulls last`, asc(withdrawals.id));
  return rows.map(toHeldWithdrawal);
}

/**
 * Every customer's withdrawals for the admins, newest first; held ones the soonest sent first, those
 * waiting for approval (no time ends them) before the rest. `search` matches the reference or the
 * customer (e-mail, phone, name) as the admins' customer search does.
 */
export async function listWithdrawalsForAdmin(
  db: DbOrTx,
  options: { status?: WithdrawalStatus; search?: string; limit: number; offset: number },
): Promise<{ rows: AdminWithdrawal[]; total: number }> {
  const where = and(
    options.status ? eq(withdrawals.status, options.status) : undefined,
    options.search
      ? or(
          ilike(withdrawals.reference, containing(options.search)),
          inArray(withdrawals.userId, customersMatching(db, options.search)),
        )
      : undefined,
  );
  const order =
    options.status === 'held'
      ? [sql`${withdrawals.heldUntil} asc nulls first`, asc(withdrawals.id)]
      : [desc(withdrawals.id)];
  const { rows, total } = await pagedSelect(db, withdrawals, {
    where,
    orderBy: order,
    limit: options.limit,
    offset: options.offset,
  });
  return { total, rows: await toAdminWithdrawals(db, rows) };
}

/** The caller's own withdrawals (their payout history), newest first. */
export async function listOwnWithdrawals(
  db: DbOrTx,
  userId: number,
  paging: { limit: number; offset: number },
): Promise<{ rows: OwnWithdrawal[]; total: number }> {
  const { rows, total } = await pagedSelect(db, withdrawals, {
    where: eq(withdrawals.userId, userId),
    orderBy: [desc(withdrawals.id)],
    ...paging,
  });
  return {
    total,
    rows: rows.map((row) => ({
      reference: row.reference,
      amount: koboToNaira(row.amountKobo),
      destination: row.destination,
      status: row.status,
      hold_reason: row.holdReason,
      held_until: row.heldUntil?.toISOString() ?? null,
      failure_reason: row.failureReason,
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** Withdrawals as the admins see them, with their customers. */
export async function toAdminWithdrawals(db: DbOrTx, rows: WithdrawalRow[]): Promise<AdminWithdrawal[]> {
  const owners = await usersByIds(db, [...new Set(rows.map((row) => row.userId))]);
  return rows.map((row) => {
    const owner = owners.get(row.userId);
    return {
      id: row.id,
      reference: row.reference,
      customer: {
        id: row.userId,
        name: owner ? `${owner.firstName} ${owner.lastName}` : '',
        email: owner?.email ?? '',
        phone_number: owner?.phoneNumber ?? '',
      },
      amount: koboToNaira(row.amountKobo),
      destination: row.destination,
      status: row.status,
      hold_reason: row.holdReason,
      held_until: row.heldUntil?.toISOString() ?? null,
      released_at: row.releasedAt?.toISOString() ?? null,
      released_by: row.releasedBy,
      needs_approval: row.status === 'held' && needsApproval(row.holdReason),
      created_at: row.createdAt.toISOString(),
    };
  });
}

/** Held withdrawals whose hold has ended by `now`: the release job's work. */
export async function dueHeldWithdrawals(db: DbOrTx, now: Date, limit = 200): Promise<string[]> {
  const rows = await db
    .select({ reference: withdrawals.reference })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, 'held'), lte(withdrawals.heldUntil, now)))
    .orderBy(asc(withdrawals.heldUntil))
    .limit(limit);
  return rows.map((row) => row.reference);
}
