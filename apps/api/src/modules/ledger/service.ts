import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  accountByCode,
  ACCOUNTS,
  CUSTOMER_SAVINGS,
  CUSTOMER_WALLET,
  isCustomerAccount,
  type AccountCode,
} from './accounts';
import type { Journal } from './journals';
import { presentJournal, trialBalanceOf } from './reports';
import { ledgerAccounts, ledgerBalances, ledgerJournals } from './schema';

export { journalsCreatedBetween } from './journal-export';
export { journal, VTU_SALE, type Journal, type JournalKind, type Sale, type WalletMovement } from './journals';

export type Posted = {
  /** False when (kind, reference) was already posted: nothing moved this time. */
  created: boolean;
  journalId: number;
  /** The customer's wallet balance after this journal, when it moved the wallet. */
  walletBalanceKobo?: number;
};

/** A journal that would take a customer's wallet or savings below zero; nothing it posted survives its transaction. */
export class OverdraftError extends Error {
  constructor(
    readonly account: AccountCode,
    readonly userId: number,
    readonly amountKobo: number,
  ) {
    super(`account ${account}-${userId} does not cover ${amountKobo} kobo`);
  }

  /** Which of the customer's balances fell short. */
  get pocket(): 'wallet' | 'savings' {
    return this.account === CUSTOMER_SAVINGS ? 'savings' : 'wallet';
  }
}

/** Shards per platform account (see `ledgerBalances`). */
export const BALANCE_SHARDS = 16;
const SHARD = sql.raw(`(pg_backend_pid() % ${BALANCE_SHARDS})::smallint`);

function rowsOf<T>(result: unknown): T[] {
  // node-postgres answers { rows }, PGlite's driver an array.
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

function checkBalanced(journal: Journal) {
  if (!journal.postings.length) throw new Error(`journal ${journal.kind} ${journal.reference} has no postings`);
  let sum = 0;
  for (const posting of journal.postings) {
    if (!Number.isSafeInteger(posting.amountKobo) || posting.amountKobo === 0)
      throw new Error(`posting to ${posting.account} needs a non-zero whole kobo amount`);
    if (!accountByCode.has(posting.account)) throw new Error(`unknown account ${posting.account}`);
    if (isCustomerAccount(posting.account) !== (posting.userId !== undefined))
      throw new Error(`posting to ${posting.account}: customer accounts need a user, platform accounts none`);
    sum += posting.amountKobo;
  }
  if (sum !== 0) throw new Error(`journal ${journal.kind} ${journal.reference} does not balance (${sum} kobo)`);
}

/**
 * Posts one balanced journal inside the caller's transaction, once per (kind, reference): the only
 * writer of postings and of every account balance (the customers' wallet and savings columns
 * included). A replay posts nothing and answers `created: false`. A customer account that would go
 * below zero throws `OverdraftError` (the database's CHECK backs it up); the caller's transaction
 * must then roll back, as it does for any error.
 */
export async function post(tx: Tx, journal: Journal): Promise<Posted> {
  checkBalanced(journal);
  const [inserted] = await tx
    .insert(ledgerJournals)
    .values({
      kind: journal.kind,
      reference: journal.reference,
      accountCodes: journal.postings.map((posting) => posting.account),
      userIds: journal.postings.map((posting) => posting.userId ?? null),
      amountsKobo: journal.postings.map((posting) => posting.amountKobo),
    })
    .onConflictDoNothing()
    .returning({ id: ledgerJournals.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: ledgerJournals.id })
      .from(ledgerJournals)
      .where(sql`${ledgerJournals.kind} = ${journal.kind} and ${ledgerJournals.reference} = ${journal.reference}`);
    return { created: false, journalId: existing!.id };
  }

  let walletBalanceKobo: number | undefined;
  // Customer accounts: the balance is the wallet row, changed only when it covers a debit.
  for (const posting of journal.postings) {
    if (!isCustomerAccount(posting.account)) continue;
    const column = sql.raw(posting.account === CUSTOMER_WALLET ? 'balance_kobo' : 'savings_kobo');
    const [row] = rowsOf<{ balance_kobo: string | number }>(
      await tx.execute(sql`
        update wallets set ${column} = ${column} - ${posting.amountKobo}::bigint, updated_at = now()
        where user_id = ${posting.userId!}::int and ${column} - ${posting.amountKobo}::bigint >= 0
        returning balance_kobo`),
    );
    if (!row) throw new OverdraftError(posting.account, posting.userId!, posting.amountKobo);
    if (posting.account === CUSTOMER_WALLET) walletBalanceKobo = Number(row.balance_kobo);
  }

  // Platform accounts: one upsert, one row per account (in code order, so concurrent journals lock alike).
  const platform = new Map<string, number>();
  for (const posting of journal.postings)
    if (!isCustomerAccount(posting.account))
      platform.set(posting.account, (platform.get(posting.account) ?? 0) + posting.amountKobo);
  const changes = [...platform].filter(([, kobo]) => kobo !== 0).sort(([a], [b]) => a.localeCompare(b));
  if (changes.length) {
    await tx.execute(sql`
      insert into ledger_balances (account_code, shard, balance_kobo)
      select code, ${SHARD}, kobo from (values ${sql.join(
        changes.map(([code, kobo]) => sql`(${code}::text, ${kobo}::bigint)`),
        sql`, `,
      )}) as change (code, kobo)
      on conflict (account_code, shard) do update set balance_kobo = ledger_balances.balance_kobo + excluded.balance_kobo`);
  }
  return { created: true, journalId: inserted.id, walletBalanceKobo };
}

const p = (name: string) => sql.placeholder(name);

/**
 * The placeholders `walletDebitCtes` takes for a catalogue journal that debits a customer's wallet
 * and credits one or two platform accounts (a purchase, and its delivery fee): the statement then
 * writes exactly these lines, the same as `post()` would.
 */
export function walletDebitValues(journal: Journal) {
  const [wallet, counter, split, ...rest] = journal.postings;
  if (
    wallet?.account !== CUSTOMER_WALLET ||
    // A wallet debit is a debit (positive) on the customer's account: the liability goes down.
    wallet.amountKobo <= 0 ||
    !counter ||
    isCustomerAccount(counter.account) ||
    (split && isCustomerAccount(split.account)) ||
    rest.length
  )
    throw new Error(`journal ${journal.kind} is not a wallet debit against platform accounts`);
  checkBalanced(journal);
  return {
    userId: wallet.userId!,
    amountKobo: wallet.amountKobo,
    type: journal.kind,
    reference: journal.reference,
    counterAccount: counter.account,
    // Nothing split off is a zero line, which the statement leaves out.
    splitAccount: split?.account ?? counter.account,
    splitKobo: split ? -split.amountKobo : 0,
  };
}

/**
 * The customer-wallet debit as CTEs for one-statement payments (docs/decisions/012): `debited`
 * takes the money from the wallet row when it covers it and (kind, reference) was never posted,
 * `journal` records the balanced journal with its lines (the wallet debited; `splitKobo` of it
 * credited to `splitAccount`, the rest to `counterAccount`), `counter_balance` adds to those accounts' running
 * balances. With no `debited` row nothing at all is written. Placeholders: userId, amountKobo, type
 * (the journal kind), reference, counterAccount and splitAccount (platform accounts), splitKobo (0
 * when nothing is split off), as `walletDebitValues()` answers them for a catalogue journal. `spendable` is a further condition the wallet
 * must meet to be debited (the wallet module's PIN gate); when it fails nothing is written either.
 */
export const walletDebitCtes = (spendable: SQL): SQL => sql`
  debited as (
    update wallets set balance_kobo = balance_kobo - ${p('amountKobo')}::bigint, updated_at = now()
    where user_id = ${p('userId')}::int and balance_kobo >= ${p('amountKobo')}::bigint
      and not exists (select 1 from ledger_journals where kind = ${p('type')}::text and reference = ${p('reference')}::text)
      and ${spendable}
    returning id, user_id, balance_kobo
  ), credited (code, kobo, line) as (
    select * from (values
      (${p('counterAccount')}::text, ${p('amountKobo')}::bigint - ${p('splitKobo')}::bigint, 1),
      (${p('splitAccount')}::text, ${p('splitKobo')}::bigint, 2)
    ) as line (code, kobo, line) where kobo <> 0
  ), journal as (
    insert into ledger_journals (kind, reference, account_codes, user_ids, amounts_kobo)
    select ${p('type')}::text, ${p('reference')}::text,
      '{${sql.raw(CUSTOMER_WALLET)}}'::text[] || lines.codes, array[${p('userId')}::int] || lines.users,
      array[${p('amountKobo')}::bigint] || lines.amounts
    from debited, (
      select array_agg(code order by line) as codes, array_agg(null::int) as users, array_agg(-kobo order by line) as amounts
      from credited
    ) as lines
    returning id
  ), counter_balance as (
    insert into ledger_balances (account_code, shard, balance_kobo)
    select credited.code, ${SHARD}, -credited.kobo from journal, credited order by credited.code
    on conflict (account_code, shard) do update set balance_kobo = ledger_balances.balance_kobo + excluded.balance_kobo
  )`;

// Reading the ledger

export { accountJournals, chartOfAccounts, periodTrialBalance, profitAndLoss, trialBalanceAsAt } from './reports';

/**
 * Every account's balance now on its debit or credit side. Platform accounts read their running
 * balance (a few shard rows each), the customer control accounts the sum of the wallet rows: never
 * the postings.
 */
export async function trialBalance(db: DbOrTx) {
  const [accounts, platform, [customers]] = await Promise.all([
    db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.code)),
    db
      .select({
        code: ledgerBalances.accountCode,
        kobo: sql<number>`sum(${ledgerBalances.balanceKobo})`.mapWith(Number),
      })
      .from(ledgerBalances)
      .groupBy(ledgerBalances.accountCode),
    db
      .execute(
        sql`select coalesce(sum(balance_kobo), 0) as wallets, coalesce(sum(savings_kobo), 0) as savings from wallets`,
      )
      .then((result) => rowsOf<{ wallets: string | number; savings: string | number }>(result)),
  ]);
  const debitBalance = new Map(platform.map((row) => [row.code, row.kobo]));
  // Customer accounts are liabilities: their balance is a credit.
  debitBalance.set(CUSTOMER_WALLET, -Number(customers?.wallets ?? 0));
  debitBalance.set(CUSTOMER_SAVINGS, -Number(customers?.savings ?? 0));
  return trialBalanceOf(accounts, (code) => debitBalance.get(code) ?? 0);
}

/** What the books say the VTU provider holds for us: the float account's balance. */
export const vtuFloatBalanceKobo = (db: DbOrTx) => platformBalanceKobo(db, ACCOUNTS.vtuFloat.code);

/** Whether the journal posted under this one's (kind, reference) has other lines: a reference reused for something else. */
export async function differsFromPosted(db: DbOrTx, journal: Journal): Promise<boolean> {
  const [posted] = await db
    .select()
    .from(ledgerJournals)
    .where(sql`${ledgerJournals.kind} = ${journal.kind} and ${ledgerJournals.reference} = ${journal.reference}`);
  if (!posted) return true;
  const line = (account: string, userId: number | null | undefined, kobo: number | bigint) =>
    `${account}/${userId ?? ''}/${Number(kobo)}`;
  const stored = posted.accountCodes.map((code, i) => line(code, posted.userIds[i], posted.amountsKobo[i]!));
  const wanted = journal.postings.map((posting) => line(posting.account, posting.userId, posting.amountKobo));
  return stored.join() !== wanted.join();
}

/** A platform account's balance on its debit side (debits minus credits), from its running balance. */
export async function platformBalanceKobo(db: DbOrTx, code: AccountCode): Promise<number> {
  if (isCustomerAccount(code)) throw new Error(`account ${code} is a customer control account`);
  const [row] = await db
    .select({ kobo: sql<number>`coalesce(sum(${ledgerBalances.balanceKobo}), 0)`.mapWith(Number) })
    .from(ledgerBalances)
    .where(eq(ledgerBalances.accountCode, code));
  return row?.kobo ?? 0;
}

/** The journals posted under any of these references, oldest first, with their lines. */
export async function journalsByReference(db: DbOrTx, references: string[]) {
  const journals = await db
    .select()
    .from(ledgerJournals)
    .where(inArray(ledgerJournals.reference, references))
    .orderBy(asc(ledgerJournals.id))
    .limit(50);
  return journals.map(presentJournal);
}

/** Every journal line as a row: journal id, account_code, user_id, amount_kobo. */
const LINES = sql.raw(`(select j.id as journal_id, line.account_code, line.user_id, line.amount_kobo
  from ledger_journals j, unnest(j.account_codes, j.user_ids, j.amounts_kobo) as line (account_code, user_id, amount_kobo))`);

/**
 * What should always be empty: journals that do not sum to zero, platform running balances that
 * differ from their postings, wallets or savings that differ from their customer account.
 */
export async function ledgerViolations(db: DbOrTx): Promise<string[]> {
  const checks: Record<string, SQL> = {
    'journal does not balance': sql`
      select id, kind, reference from ledger_journals where (select sum(kobo) from unnest(amounts_kobo) as kobo) <> 0`,
    'line to an unknown account, or a customer account without its customer': sql`
      select l.journal_id, l.account_code, l.user_id from ${LINES} l left join ledger_accounts a on a.code = l.account_code
      where a.code is null or (l.account_code in ('2100', '2110')) <> (l.user_id is not null)`,
    'running balance differs from postings': sql`
      select a.code, b.kobo as running, p.kobo as posted from ledger_accounts a
      left join (select account_code, sum(balance_kobo) as kobo from ledger_balances group by account_code) b on b.account_code = a.code
      left join (select account_code, sum(amount_kobo) as kobo from ${LINES} l where user_id is null group by account_code) p on p.account_code = a.code
      where a.code not in ('2100', '2110') and coalesce(b.kobo, 0) <> coalesce(p.kobo, 0)`,
    'wallet differs from its account': sql`
      select w.user_id, w.balance_kobo, w.savings_kobo, p.wallet, p.savings from wallets w
      left join (
        select user_id, -sum(amount_kobo) filter (where account_code = '2100') as wallet,
          -sum(amount_kobo) filter (where account_code = '2110') as savings
        from ${LINES} l where user_id is not null group by user_id
      ) p on p.user_id = w.user_id
      where w.balance_kobo <> coalesce(p.wallet, 0) or w.savings_kobo <> coalesce(p.savings, 0)`,
  };
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => db.execute(checks[name]!).then((r) => rowsOf<object>(r))));
  return names.flatMap((name, i) =>
    results[i]!.length ? [`${name}: ${JSON.stringify(results[i]!.slice(0, 5))}`] : [],
  );
}
