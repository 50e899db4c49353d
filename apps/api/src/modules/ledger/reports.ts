import type {
  AccountJournal,
  ChartAccount,
  PeriodTrialBalance,
  ProfitAndLoss,
  ProfitAndLossLine,
  TrialBalance,
  TrialBalanceAccount,
} from '@ruwa/contract';
import { addDaysTo } from '@ruwa/contract/dates';
import { asc, sql } from 'drizzle-orm';
import { counted, type PagedRows, type Paging } from '../../db/paged';
import type { DbOrTx } from '../../db/client';
import { lagosMidnight } from '../../lib/lagos-time';
import { accountByCode, ACCOUNTS, isContra, type AccountType } from './accounts';
import { ledgerAccounts, ledgerJournals, type JournalRow } from './schema';

/**
 * The books for a date or a period, read from the journals (the running balances only say what is
 * true now). Days are Lagos calendar days: a journal belongs to the day its `created_at` falls on in
 * Lagos, and a period includes both its first and its last day.
 */

function rowsOf<T>(result: unknown): T[] {
  // node-postgres answers { rows }, PGlite's driver an array.
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The first instant after a Lagos day. */
const endOf = (day: string) => lagosMidnight(addDaysTo(day, 1));

/** An account's balance on its normal side, from its debit-positive balance (`+ 0` and `0 -`: never -0). */
const onNormalSide = (normal: 'debit' | 'credit', debitKobo: number) =>
  normal === 'debit' ? debitKobo + 0 : 0 - debitKobo;

type Movement = {
  /** The balance (debit positive) just before `from`. */
  openingKobo: number;
  /** What was debited and credited in [from, to). */
  debitKobo: number;
  creditKobo: number;
};

/**
 * Every account's balance before `from` and its debits and credits in [from, to), in one statement
 * so all of it is one snapshot of the books: today's balance (the platform running balances, and
 * the wallet rows for the customer control accounts) less everything posted since `from`. Reading
 * back from today touches only the journals since `from`, not every journal ever posted.
 */
async function movements(db: DbOrTx, from: Date, to: Date): Promise<Map<string, Movement>> {
  const rows = rowsOf<{
    code: string;
    now_kobo: string | number;
    since_kobo: string | number;
    debit: string | number;
    credit: string | number;
  }>(
    await db.execute(sql`
      select code, coalesce(sum(kobo) filter (where part = 'now'), 0) as now_kobo,
        coalesce(sum(kobo) filter (where part = 'moved'), 0) as since_kobo,
        coalesce(sum(kobo) filter (where part = 'moved' and within and kobo > 0), 0) as debit,
        coalesce(-sum(kobo) filter (where part = 'moved' and within and kobo < 0), 0) as credit
      from (
        select account_code as code, balance_kobo as kobo, 'now' as part, true as within from ledger_balances
        union all select ${ACCOUNTS.customerWallets.code}::text, -balance_kobo, 'now', true from wallets
        union all select ${ACCOUNTS.customerSavings.code}::text, -savings_kobo, 'now', true from wallets
        union all select line.code, line.kobo, 'moved', j.created_at < ${to.toISOString()}::timestamptz
          from ledger_journals j, unnest(j.account_codes, j.amounts_kobo) as line (code, kobo)
          where j.created_at >= ${from.toISOString()}::timestamptz
      ) as books
      group by code`),
  );
  return new Map(
    rows.map((row) => [
      row.code,
      {
        openingKobo: Number(row.now_kobo) - Number(row.since_kobo),
        debitKobo: Number(row.debit),
        creditKobo: Number(row.credit),
      },
    ]),
  );
}

type ChartRow = { code: string; name: string; type: AccountType; normal: 'debit' | 'credit' };
const chartRows = (db: DbOrTx): Promise<ChartRow[]> =>
  db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.code));

/** The chart of accounts, in code order. */
export async function chartOfAccounts(db: DbOrTx): Promise<ChartAccount[]> {
  return (await chartRows(db)).map(({ code, name, type }) => ({ code, name, type, contra: isContra(code) }));
}

/** Trial balance lines from each account's debit-positive balance. */
export function trialBalanceOf(accounts: ChartRow[], debitBalance: (code: string) => number): TrialBalance {
  const lines: TrialBalanceAccount[] = accounts.map((account) => {
    const debit = debitBalance(account.code);
    return {
      code: account.code,
      name: account.name,
      type: account.type,
      contra: isContra(account.code),
      debit_kobo: Math.max(debit, 0),
      credit_kobo: Math.max(-debit, 0),
      balance_kobo: onNormalSide(account.normal, debit),
    };
  });
  return {
    accounts: lines,
    total_debit_kobo: lines.reduce((sum, line) => sum + line.debit_kobo, 0),
    total_credit_kobo: lines.reduce((sum, line) => sum + line.credit_kobo, 0),
  };
}

/** The trial balance as the books stood at the end of a Lagos day. */
export async function trialBalanceAsAt(db: DbOrTx, day: string): Promise<TrialBalance> {
  const end = endOf(day);
  const [accounts, moved] = await Promise.all([chartRows(db), movements(db, end, end)]);
  return trialBalanceOf(accounts, (code) => moved.get(code)?.openingKobo ?? 0);
}

/** Each account's balance before the first day, what the period moved, and its balance after the last day. */
export async function periodTrialBalance(
  db: DbOrTx,
  period: { from: string; to: string },
): Promise<PeriodTrialBalance> {
  const [accounts, moved] = await Promise.all([
    chartRows(db),
    movements(db, lagosMidnight(period.from), endOf(period.to)),
  ]);
  const totals = {
    opening_debit_kobo: 0,
    opening_credit_kobo: 0,
    debit_kobo: 0,
    credit_kobo: 0,
    closing_debit_kobo: 0,
    closing_credit_kobo: 0,
  };
  const lines = accounts.map((account) => {
    const { openingKobo, debitKobo, creditKobo } = moved.get(account.code) ?? {
      openingKobo: 0,
      debitKobo: 0,
      creditKobo: 0,
    };
    const closingKobo = openingKobo + debitKobo - creditKobo;
    totals.opening_debit_kobo += Math.max(openingKobo, 0);
    totals.opening_credit_kobo += Math.max(-openingKobo, 0);
    totals.debit_kobo += debitKobo;
    totals.credit_kobo += creditKobo;
    totals.closing_debit_kobo += Math.max(closingKobo, 0);
    totals.closing_credit_kobo += Math.max(-closingKobo, 0);
    return {
      code: account.code,
      name: account.name,
      type: account.type,
      contra: isContra(account.code),
      opening_kobo: onNormalSide(account.normal, openingKobo),
      debit_kobo: debitKobo,
      credit_kobo: creditKobo,
      closing_kobo: onNormalSide(account.normal, closingKobo),
    };
  });
  return { from: period.from, to: period.to, accounts: lines, totals };
}

/**
 * Revenue and expenses over a period, from what the journals moved: a revenue account's amount is
 * what it was credited less what it was debited, so a contra account (refunds) is negative and
 * total revenue is net of it; an expense's amount is what it was debited less what it was credited.
 */
export async function profitAndLoss(db: DbOrTx, period: { from: string; to: string }): Promise<ProfitAndLoss> {
  const [accounts, moved] = await Promise.all([
    chartRows(db),
    movements(db, lagosMidnight(period.from), endOf(period.to)),
  ]);
  const lineOf = (account: ChartRow, sign: 1 | -1): ProfitAndLossLine => {
    const { debitKobo = 0, creditKobo = 0 } = moved.get(account.code) ?? {};
    return {
      code: account.code,
      name: account.name,
      contra: isContra(account.code),
      amount_kobo: sign * (creditKobo - debitKobo) + 0,
    };
  };
  const revenue = accounts.filter((account) => account.type === 'revenue').map((account) => lineOf(account, 1));
  const expenses = accounts.filter((account) => account.type === 'expense').map((account) => lineOf(account, -1));
  const total = (lines: ProfitAndLossLine[]) => lines.reduce((sum, line) => sum + line.amount_kobo, 0);
  const [totalRevenue, totalExpenses] = [total(revenue), total(expenses)];
  return {
    from: period.from,
    to: period.to,
    revenue,
    total_revenue_kobo: totalRevenue,
    expenses,
    total_expenses_kobo: totalExpenses,
    net_kobo: totalRevenue - totalExpenses,
  };
}

/** A customer sub-account is shown as `<control account>-<user id>`. */
const accountLabel = (code: string, userId: number | null) => (userId === null ? code : `${code}-${userId}`);

/** A journal as the admin reads it: each line with its account's code and name, on its debit or credit side. */
export function presentJournal(journal: JournalRow) {
  return {
    reference: journal.reference,
    kind: journal.kind,
    created_at: journal.createdAt.toISOString(),
    postings: journal.accountCodes.map((code, line) => {
      const kobo = Number(journal.amountsKobo[line]);
      return {
        account_code: accountLabel(code, journal.userIds[line] ?? null),
        account_name: accountByCode.get(code)?.name ?? code,
        debit_kobo: Math.max(kobo, 0),
        credit_kobo: Math.max(-kobo, 0),
      };
    }),
  };
}

/**
 * One account's journals in a period of Lagos days (either end open), oldest first, each with what
 * it debited and credited to that account: the drill-down from a trial balance line. Null for a code
 * that is not in the chart.
 */
export async function accountJournals(
  db: DbOrTx,
  code: string,
  period: { from?: string; to?: string },
  paging: Paging,
): Promise<PagedRows<AccountJournal> | null> {
  if (!accountByCode.has(code)) return null;
  const where = sql`${code}::text = any(${ledgerJournals.accountCodes})
    ${period.from ? sql`and ${ledgerJournals.createdAt} >= ${lagosMidnight(period.from).toISOString()}::timestamptz` : sql``}
    ${period.to ? sql`and ${ledgerJournals.createdAt} < ${endOf(period.to).toISOString()}::timestamptz` : sql``}`;
  const { rows, total } = await counted(
    db
      .select()
      .from(ledgerJournals)
      .where(where)
      .orderBy(asc(ledgerJournals.createdAt), asc(ledgerJournals.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(ledgerJournals)
      .where(where),
  );
  return {
    total,
    rows: rows.map((journal) => {
      let debitKobo = 0;
      let creditKobo = 0;
      journal.accountCodes.forEach((line, i) => {
        if (line !== code) return;
        const kobo = Number(journal.amountsKobo[i]);
        if (kobo > 0) debitKobo += kobo;
        else creditKobo -= kobo;
      });
      return { id: journal.id, ...presentJournal(journal), debit_kobo: debitKobo, credit_kobo: creditKobo };
    }),
  };
}
