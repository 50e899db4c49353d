/**
 * The practical limit the bench compares the API with: bare Fastify + pg running the same SQL the
 * API runs for the two read scenarios (token with its user, rows, count, location names), as the
 * same named prepared statements, and answering the same JSON, with no ORM, no validation, no
 * plugins. The bench checks the answers are identical.
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Dates stay 'YYYY-MM-DD' strings, as the API's schema reads them.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
const naira = (kobo: number) => kobo / 100;
const COUNT_BEYOND_PAGE = 10_000;

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
      text: 'select "id", "user_id", "subscription_id", "product_id", "location_id", "product_name", "category_kind", "quantity", "unit_price_kobo", "sub_amount_kobo", "amount_kobo", "recipient_address", "status", "payment_method", "payment_reference", "scheduled_for", "assigned_agent_id", "created_at", "updated_at" from "orders" where "orders"."user_id" = $1 order by "orders"."id" desc limit $2 offset $3',
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
      text: 'select "id", "name", "state", "country", "enabled", "created_at", "updated_at" from "locations" where "locations"."id" = any($1::integer[])',
      values: [ids],
    });
    for (const row of found.rows) names.set(row.id, row.name);
  }
  const orders = rows.rows.map((r) => {
    const paid = r.status !== 'pending_payment' && r.status !== 'cancelled';
    return {
      id: r.id,
      status: r.status,
      product_id: r.product_id,
      location_id: r.location_id,
      location_name: names.get(r.location_id) ?? '',
      product_name: r.product_name,
      kind: r.category_kind,
      quantity: r.quantity,
      unit_price: naira(r.unit_price_kobo),
      order_sub_amount: naira(r.sub_amount_kobo),
      order_amount: naira(r.amount_kobo),
      recipient_address: r.recipient_address,
      payment_method: r.payment_method,
      transaction_id: r.payment_reference,
      subscription_id: r.subscription_id,
      scheduled_for: r.scheduled_for,
      order_paid: paid,
      order_payment_confirmed: paid,
      created_at: (r.created_at as Date).toISOString(),
    };
  });
  return { message: 'Success', data: page(orders, count.rows[0].count, query, request.url) };
});

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? '127.0.0.1' });
