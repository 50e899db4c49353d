/**
 * `npm run bench:scale [-- --quick]`: latency of the reads that grow with the data, at 10,000 and
 * at 1,000,000 orders (100,000 customers), on PostgreSQL. One request at a time: p50/p99 are what
 * one person waits, not throughput.
 */
import pg from 'pg';
import { ledgerCheck } from './fixture';
import { fmt, freshDatabase, machine, quick, request, sequentialLatency, startServer, stopAll, table } from './harness';
import { apiEnv } from './api-env';
import { addScaleOrders, seedScaleBase, type ScaleBase } from './seed-scale';

const SAMPLES = quick ? 30 : 300;
const STAGES = [10_000, 1_000_000];

type Probe = { name: string; path: string; as: 'admin' | 'customer'; target?: number };

function probes(base: ScaleBase): Probe[] {
  return [
    {
      name: 'GET /api/product-order/me?page=1 (a customer)',
      path: '/api/product-order/me?page=1',
      as: 'customer',
      target: 20,
    },
    {
      name: 'GET /api/admin/orders?search=<e-mail> (one customer)',
      path: `/api/admin/orders?search=${encodeURIComponent(base.customerEmail)}&page=1`,
      as: 'admin',
      target: 50,
    },
    {
      name: 'GET /api/admin/orders?search=Zainab (a name 1 in 10 customers share)',
      path: '/api/admin/orders?search=Zainab&page=1',
      as: 'admin',
    },
    { name: 'GET /api/admin/orders?page=1 (no filter)', path: '/api/admin/orders?page=1', as: 'admin' },
    { name: 'GET /api/admin/dashboard?range=30d', path: '/api/admin/dashboard?range=30d', as: 'admin', target: 200 },
  ];
}

async function measure(apiUrl: string, base: ScaleBase) {
  const results = new Map<string, { p50: number; p99: number; failures: number }>();
  for (const probe of probes(base)) {
    const token = probe.as === 'admin' ? base.adminToken : base.customerToken;
    const call = () => request(`${apiUrl}${probe.path}`, { token });
    const first = await call();
    if (first.status !== 200) throw new Error(`${probe.path}: ${first.status} ${first.raw.slice(0, 300)}`);
    await sequentialLatency(Math.min(20, SAMPLES), call);
    results.set(probe.name, await sequentialLatency(SAMPLES, call));
  }
  return results;
}

async function main() {
  console.log(
    `# npm run bench:scale${quick ? ' -- --quick' : ''}: ${SAMPLES} sequential requests per figure\n\nMachine: ${machine()}\n`,
  );
  const databaseUrl = await freshDatabase('ruwa_bench_scale');
  const api = await startServer('api', 'apps/api/src/main.ts', apiEnv(databaseUrl));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let started = Date.now();
  const base = await seedScaleBase(client, 100_000);
  console.log(`Seeded 100,000 customers with wallets in ${fmt((Date.now() - started) / 1000)} s`);

  const byStage: Map<string, { p50: number; p99: number; failures: number }>[] = [];
  let seeded = 0;
  for (const stage of STAGES) {
    started = Date.now();
    await addScaleOrders(client, base, seeded, stage);
    console.log(
      `Seeded orders ${seeded + 1}..${stage} with their ledger entries in ${fmt((Date.now() - started) / 1000)} s`,
    );
    seeded = stage;
    byStage.push(await measure(api.url, base));
  }
  await client.end();
  const ledger = await ledgerCheck(databaseUrl);

  console.log('\n#### Latency at 10,000 and at 1,000,000 orders (100,000 customers)\n');
  const rows = probes(base).map((probe) => {
    const [small, big] = byStage.map((m) => m.get(probe.name)!);
    return [
      probe.name,
      `${fmt(small!.p50)} / ${fmt(small!.p99)}`,
      `${fmt(big!.p50)} / ${fmt(big!.p99)}`,
      `x${fmt(big!.p50 / small!.p50)}`,
      probe.target ? `<= ${probe.target} ms: ${big!.p50 <= probe.target ? 'met' : 'NOT met'}` : '-',
    ];
  });
  console.log(
    table(
      ['request', '10k orders p50 / p99 ms', '1M orders p50 / p99 ms', 'p50 growth (data x100)', 'target at 1M (p50)'],
      rows,
    ),
  );
  console.log(
    `\nLedger after seeding: ${ledger.wallets} wallets, ${ledger.entries} entries, ${ledger.inconsistent} with balance != sum(entries).`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
