import { lagosDay } from '@ruwa/contract/dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createCategory, createLocation, createProduct } from '../../../test/helpers/catalog';
import { call, createAdmin, createUser, type Actor } from '../../../test/helpers/factories';
import { addBankAccount, fundWallet, requestWithdrawal } from '../../../test/helpers/wallet';
import { csvBatches } from '../../lib/documents/csv';
import { users } from '../users/schema';
import { startExport } from './service';

let t: TestApp;
let owner: Actor;
let finance: Actor;
let buyer: Actor;
let orderId: number;
const today = lagosDay();

/** RFC 4180 rows: enough of a reader for what the exports write. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const download = async (name: string, query: Record<string, string>, token = finance.token) => {
  const res = await call(t, 'GET', `/api/admin/exports/${name}.csv`, { token, query });
  return { ...res, rows: res.status === 200 ? parseCsv(res.body as string) : [] };
};
/** The rows as objects by the header's names. */
const records = (rows: string[][]) =>
  rows.slice(1).map((row) => Object.fromEntries(rows[0]!.map((h, i) => [h, row[i]])));

beforeAll(async () => {
  t = await createTestApp();
  owner = await createAdmin(t);
  finance = await createAdmin(t, { staffRole: 'finance' });
  buyer = await createUser(t);
  await fundWallet(t, buyer, 5_000);
  const area = await createLocation(t, owner.token);
  const water = await createCategory(t, owner.token, { kind: 'sachet_water' });
  const product = await createProduct(t, owner.token, {
    product_category: water.id,
    locations: [{ id: area.id, product_location_price: 450.5 }],
  });
  const placed = await call(t, 'POST', '/api/product-order/store', {
    token: buyer.token,
    body: {
      product_id: product.id,
      location_id: area.id,
      quantity: 2,
      recipient_address: '3 Admiralty Way, Lekki',
      recipient_phone: '08125550100',
      payment_method: 'wallet',
    },
  });
  expect(placed.status).toBe(201);
  orderId = placed.body.data.id;
  const bank = await addBankAccount(t, buyer, { ageHours: 48 });
  expect((await requestWithdrawal(t, buyer, 1_000, bank)).status).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/admin/exports/<name>.csv', () => {
  it('orders: text/csv, a header row and the order with its money in naira', async () => {
    const res = await download('orders', { from: today, to: today });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ruwa-orders-${today}-to-${today}.csv"`);
    expect(res.rows[0]).toContain('total_naira');
    const order = records(res.rows).find((row) => row.order_id === String(orderId));
    expect(order).toMatchObject({
      reference: `ORD-${orderId}`,
      customer_email: buyer.user.email,
      quantity: '2',
      items_naira: '901.00',
      payment_method: 'wallet',
      status: 'paid',
    });
  });

  it('customers, withdrawals, journals and audit: each its records, one row per record (journals per line)', async () => {
    const customers = records((await download('customers', { from: today, to: today })).rows);
    expect(customers.map((row) => row.email)).toContain(buyer.user.email);
    // Staff are not customers.
    expect(customers.map((row) => row.email)).not.toContain(finance.user.email);

    const withdrawals = records((await download('withdrawals', { from: today, to: today })).rows);
    expect(withdrawals).toEqual([
      expect.objectContaining({ customer_email: buyer.user.email, amount_naira: '1000.00' }),
    ]);

    const journals = records((await download('journals', { from: today, to: today })).rows);
    expect(journals.length).toBeGreaterThanOrEqual(6);
    // Every journal's debits equal its credits, and each line names its account.
    const sums = new Map<string, number>();
    for (const line of journals) {
      expect(line.account_name).not.toBe('');
      const kobo = Math.round(Number(line.debit_naira || 0) * 100) - Math.round(Number(line.credit_naira || 0) * 100);
      sums.set(line.journal_id!, (sums.get(line.journal_id!) ?? 0) + kobo);
    }
    expect([...sums.values()].every((sum) => sum === 0)).toBe(true);
    expect(journals.some((line) => line.account_name === 'Customer wallets')).toBe(true);

    const audit = records((await download('audit', { from: today, to: today }, owner.token)).rows);
    expect(audit.some((row) => row.action === 'export.downloaded')).toBe(true);
  });

  it('only the days asked for: a record of another day is in its own day and not in today', async () => {
    const old = await createUser(t);
    await t.db
      .update(users)
      .set({ createdAt: new Date('2025-03-10T23:30:00Z') }) // 00:30 on 11 March in Lagos
      .where(eq(users.id, old.user.id));
    const that = records((await download('customers', { from: '2025-03-11', to: '2025-03-11' })).rows);
    expect(that.map((row) => row.email)).toEqual([old.user.email]);
    expect(records((await download('customers', { from: '2025-03-01', to: '2025-03-10' })).rows)).toEqual([]);
    const now = records((await download('customers', { from: today, to: today })).rows);
    expect(now.map((row) => row.email)).not.toContain(old.user.email);
  });

  it('each export is audited: who, which, for which days', async () => {
    await download('withdrawals', { from: '2026-01-01', to: today });
    const log = await call(t, 'GET', '/api/admin/audit', { token: owner.token, query: { entity: 'export' } });
    expect(log.body.data.data[0]).toMatchObject({
      action: 'export.downloaded',
      actor_id: finance.user.id,
      entity_id: 'withdrawals',
      after: { from: '2026-01-01', to: today },
    });
  });

  it('a cell a spreadsheet would run as a formula is defused', async () => {
    const sly = await createUser(t, { firstName: '=HYPERLINK("http://evil.example","x")', lastName: '+cmd' });
    const row = records((await download('customers', { from: today, to: today })).rows).find(
      (r) => r.email === sly.user.email,
    );
    expect(row).toMatchObject({ first_name: `'=HYPERLINK("http://evil.example","x")`, last_name: "'+cmd" });
  });

  it('bad dates are field errors; other roles than finance and owner are refused', async () => {
    const bad = await download('orders', { from: '2026-13-01', to: today });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.from).toBeDefined();
    const backwards = await download('orders', { from: today, to: '2020-01-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to).toEqual(['The last day must not be before the first.']);
    expect((await download('orders', {}, finance.token)).status).toBe(422);
    const support = await createAdmin(t, { staffRole: 'support' });
    expect((await download('orders', { from: today, to: today }, support.token)).status).toBe(403);
    // The audit log's export is the owner's, as the audit log is.
    expect((await download('audit', { from: today, to: today }, finance.token)).status).toBe(403);
  });
});

describe('streamed in batches', () => {
  it('reads a batch only when the one before was taken, never more than a batch at a time', async () => {
    // 2,500 entries written by the database itself, then the export pulled by hand, 1,000 at a time.
    await t.db.execute(
      sql`insert into audit_log (actor_id, action, entity, entity_id) select null, 'bulk.test', 'bulk', g::text from generate_series(1, 2500) g`,
    );
    const file = await startExport(t.db, owner.user.id, 'audit', { from: today, to: today }, 1_000);
    const chunks: string[] = [];
    const reader = file.lines[Symbol.asyncIterator]();
    chunks.push((await reader.next()).value!); // the header
    chunks.push((await reader.next()).value!); // the first batch
    // Written after the first batch was read: a file read all at once would not have it.
    await t.db.execute(
      sql`insert into audit_log (actor_id, action, entity, entity_id) values (null, 'bulk.late', 'bulk', 'late')`,
    );
    for (let next = await reader.next(); !next.done; next = await reader.next()) chunks.push(next.value);

    const rows = chunks.map((chunk) => parseCsv(chunk).length);
    expect(rows[0]).toBe(1);
    expect(rows.slice(1).every((count) => count <= 1_000)).toBe(true);
    const bulk = parseCsv(chunks.join(''))
      .slice(1)
      .filter((row) => row[5] === 'bulk');
    expect(bulk).toHaveLength(2_501);
    expect(bulk.at(-1)![6]).toBe('late');
    const ids = bulk.map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('csvBatches asks for the next batch after the last key, and stops at an empty one', async () => {
    const asked: (number | null)[] = [];
    const batches = [[1, 2], [3], []];
    const lines: string[] = [];
    for await (const chunk of csvBatches<number>(['n'], async (after) => {
      asked.push(after);
      return batches.shift()!.map((n) => ({ key: n, cells: [[String(n)]] }));
    }))
      lines.push(chunk);
    expect(asked).toEqual([null, 2, 3]);
    expect(lines.join('')).toBe('n\r\n1\r\n2\r\n3\r\n');
  });
});
