/**
 * `npm run bench:ledger [-- --quick | -- --journals N]`: the admin trial balance at 1,000,000 journals
 * (2,000,000 journal lines, 10,000 customers) on PostgreSQL, and the hourly check that proves the
 * running balances against every line. The trial balance reads the running balances, so its time
 * must not grow with the journals.
 *
 * `--quick` (CI: 2,000 journals) or another size judges no target: it fails only when the books
 * do not balance or the check finds them broken.
 */
import { performance } from 'node:perf_hooks';
import { connectPostgres } from '../apps/api/src/db/client';
import { ledgerViolations, trialBalance } from '../apps/api/src/modules/ledger/service';
import { freshDatabase, machine, quick, table } from './harness';

const FULL = 1_000_000;
const sized = process.argv.includes('--journals') ? Number(process.argv[process.argv.indexOf('--journals') + 1]) : NaN;
if (process.argv.includes('--journals') && !(Number.isInteger(sized) && sized > 0))
  throw new Error('--journals needs a whole number above 0');
const JOURNALS = Number.isInteger(sized) ? sized : quick ? 2_000 : FULL;
// 100 journals a customer, as at the full size, so deposits always cover the purchases.
const CUSTOMERS = Math.max(1, Math.min(10_000, Math.floor(JOURNALS / 100)));
const SAMPLES = JOURNALS < FULL ? 20 : 100;
/** The target is set at the full size; a smaller run checks the books only. */
const JUDGED = JOURNALS === FULL;

const ms = (n: number) => n.toFixed(1);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function main() {
  const url = await freshDatabase(process.env.BENCH_DATABASE ?? 'ruwa_bench_ledger');
  const database = connectPostgres(url, { max: 4 });
  await database.migrate();
  const sql = (text: string) => database.pool!.query(text);
  const started = performance.now();
  await sql(`insert into users (first_name, last_name, email, phone_number, password_hash, referral_code)
    select 'Ada', 'Obi', 'ledger' || i || '@ruwa.test', '+234803' || lpad(i::text, 7, '0'), 'x', 'LG' || i
    from generate_series(1, ${CUSTOMERS}) as i`);
  await sql(`insert into wallets (user_id) select id from users`);
  // Two in three journals are card deposits (Paystack clearing against a wallet), one in three a
  // wallet purchase credited to one of the sales accounts; customers and shards in turn.
  await sql(`insert into ledger_journals (kind, reference, created_at, account_codes, user_ids, amounts_kobo)
    select kind, 'SCALE-' || i, now() - (i || ' seconds')::interval,
      array['2100', case when kind = 'deposit' then '1100' else (array['4110', '4120', '4130', '4200'])[1 + i % 4] end],
      array[u.first + i % ${CUSTOMERS}, null], array[-kobo, kobo]
    from generate_series(1, ${JOURNALS}) as i, (select min(id) as first from users) u,
      lateral (select case when i % 3 = 0 then 'purchase' else 'deposit' end as kind) k,
      lateral (select case when k.kind = 'deposit' then 200000 else -(50000 + i % 1000) end as kobo) a`);
  await sql(`update wallets w set balance_kobo = l.kobo
    from (select user_ids[1] as user_id, -sum(amounts_kobo[1]) as kobo from ledger_journals group by 1) l
    where l.user_id = w.user_id`);
  await sql(`insert into ledger_balances (account_code, shard, balance_kobo)
    select account_codes[2], id % 16, sum(amounts_kobo[2]) from ledger_journals group by 1, 2`);
  await sql('analyze');
  const seeded = (performance.now() - started) / 1000;

  const check = await ledgerViolations(database.db);
  const times: number[] = [];
  let balanced = true;
  for (let i = 0; i < SAMPLES + 5; i++) {
    const t0 = performance.now();
    const tb = await trialBalance(database.db);
    const elapsed = performance.now() - t0;
    if (i >= 5) times.push(elapsed);
    balanced &&= tb.total_debit_kobo === tb.total_credit_kobo && tb.total_debit_kobo > 0;
  }
  const t0 = performance.now();
  await ledgerViolations(database.db);
  const checkMs = performance.now() - t0;
  await database.close();
  times.sort((a, b) => a - b);

  console.log(
    `# npm run bench:ledger${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\n\nMachine: ${machine()}\n`,
  );
  console.log(
    `Seeded ${JOURNALS.toLocaleString('en-US')} journals for ${CUSTOMERS.toLocaleString('en-US')} customers in ${seeded.toFixed(0)} s.\n`,
  );
  console.log(
    table(
      ['query', 'samples', 'p50 ms', 'p99 ms', 'target'],
      [
        [
          'trial balance (running balances + one sum over wallets)',
          SAMPLES,
          ms(percentile(times, 0.5)),
          ms(percentile(times, 0.99)),
          JUDGED ? '< 200 ms' : '< 200 ms at 1,000,000 journals',
        ],
        ['hourly check of the books (every journal line)', 1, ms(checkMs), ms(checkMs), '-'],
      ],
    ),
  );
  const met = percentile(times, 0.99) < 200;
  const verdict = JUDGED ? (met ? 'met' : 'NOT met') : 'not judged at this size';
  console.log(
    `\nTrial balance ${balanced ? 'balanced' : 'NOT balanced'}; books ${check.length ? `BROKEN: ${check.join('; ')}` : 'consistent'}; target ${verdict}.`,
  );
  if (!balanced || check.length || (JUDGED && !met)) process.exitCode = 1;
}

await main();
