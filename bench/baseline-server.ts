/**
 * The practical limit the bench compares the API with: bare Fastify + pg, no ORM, no validation, no
 * plugins, answering the same JSON as the API.
 *
 * The reads (catalogue, orders list) run the SQL the API runs for them (token with its user, rows,
 * count, cylinder prices, location names), named and prepared where the API's are.
 *
 * The wallet-paid order runs the API's own one-statement payment (orders/queries.ts
 * placeWalletPaidOrder), its text and values built by the API's code and sent straight to pg as a
 * named prepared statement, against ORDERS_DATABASE_URL (a copy of the bench's database, so the API's
 * background jobs never see these orders). Nothing else: no token (the bench names the customer in
 * `x-user-id`), no price read per request (the catalogue and the customers' phone numbers are read
 * once at start), no announcement of the events and no delivery-code texts or receipt e-mails after it.
 *
 * The bench checks the answers are identical (for the order, all but the new order's own id,
 * reference, code and time).
 */
import { createHash } from 'node:crypto';
import { DELIVERY_CODE_TRIES, formatNaira, gramsToKg, koboToNaira, type CategoryKind } from '@ruwa/contract';
import { getTableColumns, Placeholder, type Table } from 'drizzle-orm';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
// The API modules imported here lean on the rate limiter's additions to Fastify's types.
import type {} from '@fastify/rate-limit';
import { locations } from '../apps/api/src/modules/catalog/schema';
import { RECEIPT_WHAT } from '../apps/api/src/modules/notifications/service';
import { placeWalletPaidOrder } from '../apps/api/src/modules/orders/queries';
import { orders as ordersTable } from '../apps/api/src/modules/orders/schema';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Dates stay 'YYYY-MM-DD' strings, as the API's schema reads them.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
const naira = (kobo: number) => kobo / 100;
const COUNT_BEYOND_PAGE = 10_000;

/** Every column of a table in the order drizzle's `select()` of the whole table names them, as the API's SQL does. */
const columnsOf = (table: Table) =>
  Object.values(getTableColumns(table))
    .map((column) => `"${column.name}"`)
    .join(', ');

type Row = Record<string, unknown>;

/** The API's order reply (orders/service.ts toOrder) for the order's own customer, from a row as pg reads it. */
function toOrder(r: Row, locationName: string) {
  const paid = r.status !== 'pending_payment' && r.status !== 'cancelled';
  return {
    id: r.id,
    status: r.status,
    product_id: r.product_id,
    location_id: r.location_id,
    location_name: locationName,
    product_name: r.product_name,
    kind: r.category_kind,
    quantity: r.quantity,
    unit_price: naira(r.unit_price_kobo as number),
    order_sub_amount: naira(r.sub_amount_kobo as number),
    delivery_fee: naira(r.delivery_fee_kobo as number),
    order_amount: naira(r.amount_kobo as number),
    recipient_address: r.recipient_address,
    recipient_phone: r.recipient_phone,
    landmark: r.landmark,
    cylinder_size_kg: r.cylinder_size_grams === null ? null : gramsToKg(r.cylinder_size_grams as number),
    cylinder_type: r.cylinder_type,
    delivery_window: r.delivery_window,
    payment_method: r.payment_method,
    transaction_id: r.payment_reference,
    subscription_id: r.subscription_id,
    scheduled_for: r.scheduled_for,
    assigned_agent_id: r.assigned_agent_id,
    delivery_locked: (r.delivery_code_attempts as number) >= DELIVERY_CODE_TRIES,
    order_paid: paid,
    order_payment_confirmed: paid,
    created_at: (r.created_at as Date).toISOString(),
    delivery_code: r.delivery_code,
  };
}

type Query = { page?: string; per_page?: string; location_id?: string };

async function signedIn(request: FastifyRequest, reply: FastifyReply) {
  const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
  const hash = createHash('sha256').update(token).digest('hex');
  const live = await pool.query({
    name: 'live_session',
    text: 'select "users"."id", "users"."first_name", "users"."last_name", "users"."email", "users"."phone_number", "users"."password_hash", "users"."role", "users"."status", "users"."referral_code", "users"."referred_by_id", "users"."picture", "users"."created_at", "users"."updated_at", "auth_tokens"."id" from "auth_tokens" inner join "users" on "users"."id" = "auth_tokens"."user_id" where ("auth_tokens"."token_hash" = $1 and "auth_tokens"."revoked_at" is null and "auth_tokens"."expires_at" > $2) limit $3',
    values: [hash, new Date(), 1],
  });
  const user = live.rows[0] as { id: number; status: string } | undefined;
  if (!user || user.status !== 'active') {
    reply.code(401).send({ message: 'Unauthenticated.' });
    return null;
  }
  return user;
}

function page<T>(rows: T[], total: number, query: Query, url: string, perPageDefault = 15) {
  const current = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? perPageDefault);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => {
    const target = new URL(url, 'http://local');
    target.searchParams.set('page', String(n));
    return `${target.pathname}${target.search}`;
  };
  return {
    current_page: current,
    last_page: lastPage,
    per_page: perPage,
    total,
    prev_page_url: current > 1 ? link(Math.min(current - 1, lastPage)) : null,
    next_page_url: current < lastPage ? link(current + 1) : null,
    data: rows,
  };
}

const catalogueWhere =
  'from "product_locations" inner join "products" on "products"."id" = "product_locations"."product_id" inner join "product_categories" on "product_categories"."id" = "products"."category_id" inner join "locations" on "locations"."id" = "product_locations"."location_id" where ("product_locations"."location_id" = $1 and "products"."approved" = $2 and "product_categories"."enabled" = $3 and "locations"."enabled" = $4)';

app.get('/api/health', async () => ({ status: 'ok' }));

app.get('/api/location/products/index', async (request, reply) => {
  if (!(await signedIn(request, reply))) return reply;
  const query = request.query as Query;
  const locationId = Number(query.location_id);
  const perPage = Number(query.per_page ?? 15);
  const offset = (Number(query.page ?? 1) - 1) * perPage;
  const params = [locationId, true, true, true];
  const [rows, count] = await Promise.all([
    pool.query({
      name: 'products_at_location',
      // Arrays, as drizzle asks for them: two columns are called "name".
      rowMode: 'array',
      text: `select "products"."id", "products"."name", "products"."description", "products"."tags", "products"."images", "products"."base_price_kobo", "products"."created_at", "products"."category_id", "product_categories"."name", "product_categories"."kind", coalesce("product_locations"."price_kobo", "products"."base_price_kobo") ${catalogueWhere} order by coalesce("product_locations"."price_kobo", "products"."base_price_kobo") asc, "products"."id" asc limit $5 offset $6`,
      values: [...params, perPage, offset],
    }),
    pool.query({ name: 'products_at_location_count', text: `select count(*) ${catalogueWhere}`, values: params }),
  ]);
  // Sent unnamed, as the API sends it: its list of products changes length from page to page.
  const gas = rows.rows.filter((r) => r[9] === 'gas').map((r) => r[0] as number);
  const cylinders = gas.length
    ? (
        await pool.query<{
          product_id: number;
          size_grams: number;
          refill_price_kobo: number;
          new_price_kobo: number | null;
        }>({
          text: `select "product_id", "location_id", "size_grams", "refill_price_kobo", "new_price_kobo" from "product_cylinders" where ("product_cylinders"."product_id" in (${gas.map((_, i) => `$${i + 1}`).join(', ')}) and "product_cylinders"."location_id" = $${gas.length + 1}) order by "product_cylinders"."location_id" asc, "product_cylinders"."size_grams" asc`,
          values: [...gas, locationId],
        })
      ).rows
    : [];
  const products = rows.rows.map((r) => {
    const [id, name, description, tags, images, basePriceKobo, createdAt, categoryId, categoryName, kind, priceKobo] =
      r as [number, string, string, string[], string[], number, Date, number, string, string, number];
    const price = naira(priceKobo);
    const water = kind === 'sachet_water' || kind === 'bottle_water';
    return {
      id,
      product_name: name,
      product_description: description,
      product_category: categoryName,
      category_id: categoryId,
      kind,
      product_tags: tags,
      product_images: images,
      product_price: naira(basePriceKobo),
      created_at: createdAt.toISOString(),
      pivot: { location_id: locationId, product_location_price: price },
      price,
      cylinders: cylinders
        .filter((c) => c.product_id === id)
        .map((c) => ({
          size_kg: gramsToKg(c.size_grams),
          refill_price: naira(c.refill_price_kobo),
          new_price: c.new_price_kobo === null ? null : naira(c.new_price_kobo),
        })),
      ...(water ? { water_name: name } : { distro_name: name }),
    };
  });
  return { message: 'Success', data: page(products, count.rows[0].count, query, request.url) };
});

app.get('/api/product-order/me', async (request, reply) => {
  const user = await signedIn(request, reply);
  if (!user) return reply;
  const query = request.query as Query;
  const perPage = Number(query.per_page ?? 15);
  const offset = (Number(query.page ?? 1) - 1) * perPage;
  const [rows, count] = await Promise.all([
    pool.query({
      name: 'user_orders',
      text: `select ${columnsOf(ordersTable)} from "orders" where "orders"."user_id" = $1 order by "orders"."id" desc limit $2 offset $3`,
      values: [user.id, perPage, offset],
    }),
    // The API's bounded count: exact up to 10,000 rows past the page.
    pool.query({
      name: 'user_orders_count',
      text: 'select count(*) from (select 1 from "orders" where "orders"."user_id" = $1 limit $2) "capped"',
      values: [user.id, offset + perPage + COUNT_BEYOND_PAGE],
    }),
  ]);
  const ids = [...new Set(rows.rows.map((r) => r.location_id as number))];
  const names = new Map<number, string>();
  if (ids.length) {
    const found = await pool.query({
      name: 'locations_by_id',
      text: `select ${columnsOf(locations)} from "locations" where "locations"."id" = any($1::integer[])`,
      values: [ids],
    });
    for (const row of found.rows) names.set(row.id, row.name);
  }
  // No agent holds the bench's orders, and for those the API reads no agent contacts: none here either.
  const orders = rows.rows.map((r: Row) => ({ ...toOrder(r, names.get(r.location_id as number) ?? ''), agent: null }));
  return { message: 'Success', data: page(orders, count.rows[0].count, query, request.url) };
});

/**
 * A stand-in for drizzle's database that only ever runs prepared statements, straight on pg: the
 * API's statement builder hands it the SQL (built once) and the values of each call.
 */
function preparedOnly(target: pg.Pool) {
  return {
    _: {
      session: {
        prepareQuery: (query: { sql: string; params: unknown[] }, _fields: unknown, name: string) => ({
          execute: async (values: Record<string, unknown>) =>
            (
              await target.query({
                name,
                text: query.sql,
                values: query.params.map((p) => (p instanceof Placeholder ? (values[p.name] ?? null) : p)),
              })
            ).rows,
        }),
      },
    },
  } as never;
}

type Priced = {
  productName: string;
  kind: string;
  unitKobo: number;
  locationName: string;
  feeKobo: number;
};
type OrderBody = {
  product_id: number;
  location_id: number;
  quantity: number;
  recipient_address: string;
  recipient_phone?: string;
  landmark?: string;
};

const ordersUrl = process.env.ORDERS_DATABASE_URL;
const ordersPool = ordersUrl ? new pg.Pool({ connectionString: ordersUrl, max: 10 }) : undefined;
const ordersDb = ordersPool && preparedOnly(ordersPool);
const catalogue = new Map<string, Priced>();
const phones = new Map<number, string>();
if (ordersPool) {
  // What the API reads per order (the price at the location, the buyer's number), read once here.
  // Only what needs no cylinder size or delivery slot: the bench buys water.
  const priced = await ordersPool.query<{
    product_id: number;
    location_id: number;
    name: string;
    kind: string;
    unit_kobo: number;
    location_name: string;
    fee_kobo: number;
  }>(
    `select pl.product_id, pl.location_id, p.name, c.kind, coalesce(pl.price_kobo, p.base_price_kobo) as unit_kobo,
            l.name as location_name, l.delivery_fee_kobo as fee_kobo
     from product_locations pl join products p on p.id = pl.product_id join product_categories c on c.id = p.category_id
       join locations l on l.id = pl.location_id
     where c.kind <> 'gas' and l.delivery_windows = '[]'::jsonb`,
  );
  for (const r of priced.rows)
    catalogue.set(`${r.product_id}:${r.location_id}`, {
      productName: r.name,
      kind: r.kind,
      unitKobo: r.unit_kobo,
      locationName: r.location_name,
      feeKobo: r.fee_kobo,
    });
  const users = await ordersPool.query<{ id: number; phone_number: string }>('select id, phone_number from users');
  for (const u of users.rows) phones.set(u.id, u.phone_number);
}

app.post('/api/product-order/store', async (request, reply) => {
  if (!ordersDb) return reply.code(404).send({ message: 'ORDERS_DATABASE_URL is not set.' });
  const userId = Number(request.headers['x-user-id']);
  const body = request.body as OrderBody;
  const item = catalogue.get(`${body.product_id}:${body.location_id}`);
  const phone = phones.get(userId);
  if (!item || !phone) return reply.code(422).send({ message: 'Unknown product, location or customer.' });
  const subKobo = item.unitKobo * body.quantity;
  const amountKobo = subKobo + item.feeKobo;
  const row = (await placeWalletPaidOrder(
    ordersDb,
    userId,
    {
      pinChecked: false,
      amountKobo,
      description: `${body.quantity} x ${item.productName}`,
      field: 'payment_method',
      sale: { category: item.kind as CategoryKind, deliveryFeeKobo: item.feeKobo },
    },
    {
      productId: body.product_id,
      locationId: body.location_id,
      productName: item.productName,
      categoryKind: item.kind,
      quantity: body.quantity,
      unitPriceKobo: item.unitKobo,
      recipientAddress: body.recipient_address,
      recipientPhone: body.recipient_phone ?? phone,
      landmark: body.landmark ?? null,
      locationName: item.locationName,
      subAmountKobo: subKobo,
      deliveryFeeKobo: item.feeKobo,
      cylinderSizeGrams: null,
      cylinderType: null,
      scheduledFor: null,
      deliveryWindow: null,
      noticeBeforeId: `We received ${formatNaira(koboToNaira(amountKobo))} for ${body.quantity} x ${item.productName}. Order #`,
      noticeAfterId: ' is on its way to an agent.',
      receiptWhat: RECEIPT_WHAT.order(body.quantity, item.productName),
    },
  )) as unknown as Row;
  return reply.code(201).send({ message: 'Your order has been placed', data: toOrder(row, item.locationName) });
});

const stop = async () => {
  await app.close();
  await pool.end();
  await ordersPool?.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? '127.0.0.1' });
