import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { ledgerJournals } from '../../src/modules/ledger/schema';
import { ledgerViolations } from '../../src/modules/ledger/service';

type Row = Record<string, unknown>;

async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  // node-postgres answers { rows }, PGlite's driver an array.
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/**
 * The money rules, each a query answering the rows that break it (so an empty answer is a pass).
 * They read the database directly, never through the API under test.
 */
const ALWAYS: Record<string, SQL> = {
  'balance == sum of ledger entries (holds included)': sql`
    select w.id, w.balance_kobo, coalesce(sum(e.amount_kobo), 0) as ledger_kobo
    from wallets w left join ledger_entries e on e.wallet_id = w.id
    group by w.id having w.balance_kobo <> coalesce(sum(e.amount_kobo), 0)`,
  'no negative balance or savings': sql`select id, balance_kobo, savings_kobo from wallets where balance_kobo < 0 or savings_kobo < 0`,
  // Entries are written while the wallet row is locked, so in id order each one's balance_after is the running sum.
  'each entry balance_after == running sum': sql`
    select id, wallet_id, balance_after_kobo, running from (
      select id, wallet_id, balance_after_kobo, sum(amount_kobo) over (partition by wallet_id order by id) as running from ledger_entries
    ) e where balance_after_kobo <> running`,
  'a card reference pays for at most one thing': sql`
    select reference, count(*) as n from (
      select reference from ledger_entries where type = 'deposit'
      union all select payment_reference from orders where payment_method = 'card'
      union all select payment_reference from subscriptions where payment_method = 'card'
      union all select payment_reference from vtu_purchases where payment_method = 'card'
    ) r group by reference having count(*) > 1`,
  'value only for a verified payment the provider really took': sql`
    select r.reference from (
      select reference, amount_kobo from ledger_entries where type = 'deposit'
      union all select payment_reference, amount_kobo from orders where payment_method = 'card'
      union all select payment_reference, amount_kobo from subscriptions where payment_method = 'card'
      union all select payment_reference, amount_kobo from vtu_purchases where payment_method = 'card'
    ) r
    left join payments p on p.reference = r.reference and p.status = 'success' and p.amount_kobo = r.amount_kobo
    -- A charge refunded in full reads reversed at Paystack: it was still taken.
    left join sandbox_paystack_transactions s on s.reference = r.reference and s.status in ('success', 'reversed') and s.amount_kobo = r.amount_kobo and s.currency = 'NGN'
    where p.id is null or s.id is null`,
  'each successful payment fulfilled exactly once': sql`
    select p.reference, p.fulfilment from payments p
    where p.status = 'success' and (p.fulfilment is null or 1 <> (
      (select count(*) from ledger_entries e where e.type = 'deposit' and e.reference = p.reference)
      + (select count(*) from orders o where o.payment_method = 'card' and o.payment_reference = p.reference)
      + (select count(*) from subscriptions s where s.payment_method = 'card' and s.payment_reference = p.reference)
      + (select count(*) from vtu_purchases v where v.payment_method = 'card' and v.payment_reference = p.reference)))`,
  'wallet-paid purchases debited exactly once, for their price': sql`
    select x.kind, x.id from (
      select 'order' as kind, id, payment_reference, amount_kobo from orders where payment_method = 'wallet'
      union all select 'subscription', id, payment_reference, amount_kobo from subscriptions where payment_method = 'wallet'
      union all select 'vtu', id, payment_reference, amount_kobo from vtu_purchases where payment_method = 'wallet'
    ) x where 1 <> (select count(*) from ledger_entries e where e.type = 'purchase' and e.reference = x.payment_reference and e.amount_kobo = -x.amount_kobo)`,
  'every purchase debit bought something': sql`
    select e.id, e.reference from ledger_entries e where e.type = 'purchase' and not exists (
      select 1 from orders o where o.payment_reference = e.reference and o.payment_method = 'wallet'
      union all select 1 from subscriptions s where s.payment_reference = e.reference
      union all select 1 from vtu_purchases v where v.payment_reference = e.reference)`,
  'a vend is pending, delivered, or refunded exactly once': sql`
    select v.id, v.status from vtu_purchases v
    where v.status not in ('pending', 'delivered', 'refunded')
      or (v.status = 'refunded') <> exists (select 1 from ledger_entries e where e.type = 'refund' and e.reference = 'vtu:' || v.id and e.amount_kobo = v.amount_kobo)
      or exists (select 1 from ledger_entries e where e.type = 'refund' and e.reference = 'vtu:' || v.id and e.amount_kobo <> v.amount_kobo)`,
  'referral rewards only for delivered vends, once, credited': sql`
    select r.id, r.source from referral_rewards r
    left join vtu_purchases v on 'vtu:' || v.id = r.source
    where v.id is null or v.status <> 'delivered'
      or 1 <> (select count(*) from ledger_entries e join wallets w on w.id = e.wallet_id
               where e.type = 'reward' and e.reference = 'referral:' || r.source and e.amount_kobo = r.amount_kobo and w.user_id = r.user_id)`,
  'an order is in one known state, its history ending there, refunded exactly once (wallet or card) if refunded': sql`
    select o.id, o.status from orders o
    where o.status not in ('pending_payment', 'paid', 'assigned', 'out_for_delivery', 'delivered', 'cancelled', 'refunded')
      or o.status <> (select h.to_status from status_history h where h.entity = 'order' and h.entity_id = o.id order by h.id desc limit 1)
      or 1 <> (select count(*) from status_history h where h.entity = 'order' and h.entity_id = o.id and h.from_status is null)
      or (o.status = 'refunded') <> (
        exists (select 1 from ledger_entries e where e.type = 'refund' and e.reference = 'order:' || o.id and e.amount_kobo = o.amount_kobo)
        or exists (select 1 from card_refunds c where c.order_id = o.id and c.status <> 'failed' and c.amount_kobo = o.amount_kobo))
      or exists (select 1 from ledger_entries e where e.type = 'refund' and e.reference = 'order:' || o.id and e.amount_kobo <> o.amount_kobo)
      -- A refund to the card that failed went to the wallet instead; one on its way never did.
      or exists (select 1 from card_refunds c where c.order_id = o.id
        and (c.status = 'failed') <> exists (select 1 from ledger_entries e where e.type = 'refund' and e.reference = 'order:' || o.id))`,
  'a refused vend refund sent to the card left the wallet once, and came back only if the card refused it': sql`
    select c.id, c.vtu_purchase_id, c.status from card_refunds c
    left join vtu_purchases v on v.id = c.vtu_purchase_id
    where c.vtu_purchase_id is not null and (
      v.payment_method <> 'card' or v.status <> 'refunded' or c.amount_kobo <> v.amount_kobo
      or 1 <> (select count(*) from ledger_entries e where e.type = 'card_refund' and e.reference = 'vtu:' || v.id and e.amount_kobo = -c.amount_kobo)
      or (c.status = 'failed') <> exists (select 1 from ledger_entries e where e.type = 'reversal' and e.reference = 'vtu:' || v.id and e.amount_kobo = c.amount_kobo))
    union all
    select e.id, null, e.reference from ledger_entries e where e.type = 'card_refund'
      and not exists (select 1 from card_refunds c where 'vtu:' || c.vtu_purchase_id = e.reference)`,
  'every withdrawal and vend recorded from its first state to the one it is in': sql`
    select x.entity, x.id, x.status from (
      select 'withdrawal' as entity, id, status from withdrawals
      union all select 'vtu_purchase', id, status from vtu_purchases
    ) x
    where x.status <> (select h.to_status from status_history h where h.entity = x.entity and h.entity_id = x.id order by h.id desc limit 1)
      or 1 <> (select count(*) from status_history h where h.entity = x.entity and h.entity_id = x.id and h.from_status is null)`,
  'a cancelled subscription refunds its unused deliveries once': sql`
    select s.id, s.status, s.refunded_kobo from subscriptions s
    where (s.status = 'cancelled' and s.refunded_kobo <> (s.deliveries_count - s.deliveries_made) * s.unit_price_kobo * s.quantity)
      or (s.status <> 'cancelled' and s.refunded_kobo <> 0)
      or (s.refunded_kobo > 0) <> exists (select 1 from ledger_entries e where e.type = 'refund' and e.reference = 'subscription:' || s.id and e.amount_kobo = s.refunded_kobo)
      or exists (select 1 from ledger_entries e where e.type = 'refund' and e.reference = 'subscription:' || s.id and e.amount_kobo <> s.refunded_kobo)`,
  'a withdrawal sets its money aside once, and settles, or comes back (reversed or cancelled), exactly once': sql`
    select w.id, w.status from withdrawals w
    where 1 <> (select count(*) from ledger_entries e where e.type = 'withdrawal' and e.reference = w.reference and e.amount_kobo = -w.amount_kobo and e.status = w.status)
      or (w.status in ('reversed', 'cancelled')) <> (1 = (select count(*) from ledger_entries e where e.type = 'reversal' and e.reference = w.reference and e.amount_kobo = w.amount_kobo))
      or exists (select 1 from ledger_entries e where e.type = 'reversal' and e.reference = w.reference and e.amount_kobo <> w.amount_kobo)`,
  'a held or cancelled withdrawal never reached the bank': sql`
    select w.id, w.status from withdrawals w join sandbox_paystack_transfers s on s.reference = w.reference
    where w.status in ('held', 'cancelled')`,
  // The trial balance; the ledger's own checks (each journal balances, running balances and wallets
  // agree with postings) are added from ledgerViolations, the hourly job's queries.
  'trial balance: debits == credits': sql`
    select total_debit, total_credit from (
      select coalesce(sum(greatest(b, 0)), 0) as total_debit, coalesce(sum(greatest(-b, 0)), 0) as total_credit from (
        select sum(balance_kobo) as b from ledger_balances group by account_code
        union all select -coalesce(sum(balance_kobo), 0) from wallets
        union all select -coalesce(sum(savings_kobo), 0) from wallets
      ) balances
    ) totals where total_debit <> total_credit`,
  'every wallet statement line has its journal': sql`
    select e.id, e.type, e.reference from ledger_entries e
    where not exists (select 1 from ledger_journals j where j.kind = e.type and j.reference = e.reference)`,
  'every successful card payment is in the ledger': sql`
    select p.reference from payments p where p.status = 'success'
      and not exists (select 1 from ledger_journals j where j.reference = p.reference and j.kind in ('deposit', 'card_payment'))`,
  'webhooks processed without error': sql`select id, event, reference, last_error from webhook_events where last_error is not null`,
};

/** Only true once the background work has finished (the model test's sync points). */
const SETTLED: Record<string, SQL> = {
  'no vend left pending': sql`select id from vtu_purchases where status = 'pending'`,
  'no withdrawal left pending': sql`select id, reference from withdrawals where status = 'pending'`,
  'no card refund left unsettled': sql`select id, order_id, vtu_purchase_id, status from card_refunds where status in ('requested', 'pending')`,
  'every webhook processed': sql`select id, event, attempts from webhook_events where processed_at is null`,
};

/** Answers every broken rule with a few of its offending rows; an empty list means all hold. */
export async function moneyViolations(db: Db, options: { settled?: boolean } = {}): Promise<string[]> {
  const checks = Object.entries({ ...ALWAYS, ...(options.settled ? SETTLED : {}) });
  // Read-only queries: on PostgreSQL they run side by side on the pool (PGlite queues them anyway).
  const [results, ledger] = await Promise.all([
    Promise.all(checks.map(([, query]) => rows(db, query))),
    ledgerViolations(db),
  ]);
  const broken = checks.flatMap(([name], i) => {
    const found = results[i]!;
    const more = found.length > 5 ? ` (+${found.length - 5} more)` : '';
    return found.length ? [`${name}: ${JSON.stringify(found.slice(0, 5))}${more}`] : [];
  });
  return [...broken, ...ledger];
}

/** Every user's wallet balance and savings, in kobo. */
export async function walletsByUser(db: Db): Promise<Map<number, { balanceKobo: number; savingsKobo: number }>> {
  const list = await rows(db, sql`select user_id, balance_kobo, savings_kobo from wallets`);
  return new Map(
    list.map((r) => [Number(r.user_id), { balanceKobo: Number(r.balance_kobo), savingsKobo: Number(r.savings_kobo) }]),
  );
}

export { rows as queryRows };

/** The lines of the journal (kind, reference) as { account code: kobo } (debit positive); {} when none was posted. */
export async function journalLines(db: Db, reference: string, kind: string): Promise<Record<string, number>> {
  const [journal] = await db
    .select()
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.reference, reference), eq(ledgerJournals.kind, kind)));
  if (!journal) return {};
  return Object.fromEntries(journal.accountCodes.map((code, line) => [code, Number(journal.amountsKobo[line])]));
}
