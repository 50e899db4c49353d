import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { createAdmin, createUser, type Actor } from './helpers/factories';
import { POLICIES } from './helpers/policies';

/**
 * Property-based bad input: generated bodies and queries go to every route as a caller who is
 * allowed to use it. Whatever arrives, the answer is never a 5xx and always the error envelope, and
 * a refused request (4xx) leaves every app table exactly as it was.
 */
let t: TestApp;
let customer: Actor;
let admin: Actor;
let agent: Actor;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '100000', RATE_LIMIT_AUTH_PER_EMAIL: '100000' });
  customer = await createUser(t);
  admin = await createAdmin(t);
  agent = await createUser(t);
  const applied = await t.app.inject({
    method: 'POST',
    url: '/api/agents/store',
    headers: { authorization: `Bearer ${agent.token}` },
    payload: { agent_name: 'Fuzz Co', agent_email: 'f@example.com' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/agents/update-status',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { id: applied.json().data.id, status: 'approved' },
  });
});
afterAll(() => t.close());

type Checksums = Record<string, string>;
let snapshotSql: ReturnType<typeof sql.raw> | undefined;

/**
 * One checksum per app table (public schema), over every row's full text, in one round trip: a
 * changed, added or removed row anywhere shows as a changed table.
 */
async function snapshot(): Promise<Checksums> {
  const rows = async (query: ReturnType<typeof sql.raw>) => {
    const result = await t.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<
      string,
      string
    >[];
  };
  if (!snapshotSql) {
    const tables = (
      await rows(
        sql.raw(
          `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
        ),
      )
    ).map((row) => row.name!);
    expect(tables.length).toBeGreaterThan(20);
    snapshotSql = sql.raw(
      `select ${tables.map((name) => `(select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from "${name}" x) as "${name}"`).join(', ')}`,
    );
  }
  return (await rows(snapshotSql))[0]!;
}

const changedTables = (before: Checksums, after: Checksums) =>
  Object.keys(after).filter((name) => before[name] !== after[name]);

// The event stream stays open while its input is good; its bad header is tested in events.test.ts.
const SKIP = new Set(['POST /api/auth/logout', 'POST /api/payments/paystack/webhook', 'GET /api/events']);
const tokenFor = (route: string) =>
  ({ admin: admin.token, agent: agent.token })[POLICIES[route] as string] ?? customer.token;

const weird = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e3',
    '1e309',
    'NaN',
    'null',
    'a\u0000b',
    '<script>',
    "' OR 1=1 --",
    'a'.repeat(5000),
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, -0, 1e21),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const FIELDS = [
  'id',
  'amount',
  'email',
  'password',
  'phone',
  'phone_number',
  'quantity',
  'product_id',
  'location_id',
  'transaction_id',
  'tx_id',
  'status',
  'network_id',
  'variation_id',
  'price',
  'selected_bank',
  'name',
  'kind',
  'state',
  'country',
  'product_price',
  'locations',
  'base64_photos',
  'token',
  'page',
  'per_page',
  'search',
  'all',
  'duration_in_days',
  'payment_method',
  'referral',
  'account_number',
  'bank_name',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), weird, { maxKeys: 6 }),
  fc.dictionary(fc.string({ maxLength: 10 }), weird, { maxKeys: 4 }),
  weird,
);

let cases = 0;
let refusedChecked = 0;

describe('bad input never breaks the API', () => {
  it('generated bodies and queries get a 4xx envelope, never a 5xx', async () => {
    const routes = t.app.routeList.filter((r) => r.includes(' /api/') && !r.includes('/api/docs') && !SKIP.has(r));
    // The state before a case: the previous case's "after" while nothing has been written since.
    let known: Checksums | null = null;
    for (const route of routes) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      await fc.assert(
        fc.asyncProperty(body, async (input) => {
          cases += 1;
          const before = known ?? (await snapshot());
          const res =
            method === 'GET'
              ? await t.app.inject({
                  method,
                  url,
                  query:
                    typeof input === 'object' && input && !Array.isArray(input)
                      ? Object.fromEntries(
                          Object.entries(input).map(([k, v]) => [
                            k,
                            typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
                          ]),
                        )
                      : {},
                  headers: { authorization: `Bearer ${tokenFor(route)}` },
                })
              : await t.app.inject({
                  method,
                  url,
                  payload: JSON.stringify(input),
                  headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenFor(route)}` },
                });
          const label = `${route} ${JSON.stringify(input)?.slice(0, 200)}`;
          expect(res.statusCode, label).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(typeof res.json().message, route).toBe('string');
            const after = await snapshot();
            expect(
              changedTables(before, after),
              `refused with ${res.statusCode} but changed the database: ${label}`,
            ).toEqual([]);
            refusedChecked += 1;
            known = after;
          } else {
            known = null;
          }
        }),
        { numRuns: 12, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
      );
    }
    process.stdout.write(
      `bad-input: ${cases} generated cases over ${routes.length} routes; ${refusedChecked} refused ones left the database unchanged\n`,
    );
  }, 240_000);

  it('malformed JSON, wrong content types and oversized bodies are clean 4xx answers', async () => {
    const post = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/product-order/store',
        payload,
        headers: { 'content-type': type, authorization: `Bearer ${customer.token}` },
      });
    const before = await snapshot();
    for (const payload of ['{', '{"a":}', '[1,2', 'nul', '\u0000']) expect((await post(payload)).statusCode).toBe(400);
    expect((await post('a=1', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await post(JSON.stringify({ x: 'y'.repeat(5 * 1024 * 1024) }))).statusCode).toBe(413);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});
