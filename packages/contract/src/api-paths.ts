/**
 * How the API's paths are named. The API checks every route against this when it starts, and the
 * OpenAPI document marks the legacy ones.
 *
 * - **Legacy paths stay as they are.** The original client calls the paths in `LEGACY_PATHS`, with
 *   their quirks (a singular `product/category/index`, `wallet/store/bank-details`, a draw that is a
 *   GET). They are never renamed, and they are marked `x-legacy: true` in the OpenAPI document.
 * - **New paths follow one pattern:** `/api/[admin/]<resource>[/<sub-resource>]/<action>`, in
 *   lowercase kebab-case words, with no path parameters. Admin-only routes are under `/api/admin/`.
 *   - A read is a GET. Its last word says what it reads: `me` for the caller's own records, a plural
 *     noun for a list, `show` for one record by `?id=`. Filters and paging go in the query.
 *   - A write is a POST with a JSON body. Its last word says what it does: `store` creates (201),
 *     `update` and `delete` change one record by its `id` in the body, and a verb names anything
 *     else (`cancel`, `release`, `retry`).
 * - **A download may end in its file type** (`GET /api/admin/exports/orders.csv`): a GET only.
 * - **Nothing that writes is a GET.** A legacy GET that writes gets a POST at the same path, which
 *   new clients call. The legacy GET stays for the original client.
 */

/** The calls of the original client, as `METHOD /api/path`. */
export const LEGACY_PATHS = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/password/request/reset',
  'POST /api/auth/password/reset',
  'GET /api/product/category/index',
  'POST /api/product/category/store',
  'POST /api/product/category/update',
  'POST /api/product/category/delete',
  'GET /api/location/products/index',
  'GET /api/location/index',
  'POST /api/location/store',
  'POST /api/location/update',
  'POST /api/location/delete',
  'POST /api/product-order/store',
  'GET /api/product-order/me',
  'POST /api/product-order/buy/airtime',
  'POST /api/product-order/buy/data',
  'POST /api/subscription-order/store',
  'GET /api/subscription-order/me',
  'GET /api/users/me',
  'GET /api/users/me/referral-rewards',
  'POST /api/users/update',
  'POST /api/agents/store',
  'GET /api/wallet/me',
  'GET /api/wallet-transactions/me',
  'POST /api/wallet-transactions/deposit/paystack',
  'POST /api/wallet/store/bank-details',
  'POST /api/wallet-transactions/withdraw',
  'GET /api/raffle-tickets/index',
  'GET /api/raffle-tickets/me',
  'GET /api/raffle-tickets/draw',
  'GET /api/products/index',
  'POST /api/products/store',
  'POST /api/products/update',
  'GET /api/products/show',
  'POST /api/products/delete',
  'GET /api/notifications/me',
] as const;

const legacy = new Set<string>(LEGACY_PATHS);

/** Whether the original client calls this route. */
export const isLegacyPath = (method: string, path: string) => legacy.has(`${method.toUpperCase()} ${path}`);

const PATH_PATTERN = /^\/api(\/[a-z0-9]+(-[a-z0-9]+)*)+$/;
// A download may name its file's type, as the admin exports do (`exports/orders.csv`).
const FILE_PATH_PATTERN = /^\/api(\/[a-z0-9]+(-[a-z0-9]+)*)+\.csv$/;

/**
 * Why a route breaks the rule above, or null when it keeps it. `answersCreated`: its documented
 * replies include 201, which only a write gives.
 */
export function pathRuleBroken(method: string, path: string, answersCreated: boolean): string | null {
  const verb = method.toUpperCase();
  if (isLegacyPath(verb, path)) return null;
  if ((verb === 'GET' || verb === 'HEAD') && FILE_PATH_PATTERN.test(path))
    return answersCreated ? 'a download only reads' : null;
  if (!PATH_PATTERN.test(path)) return 'an API path is /api/ and lowercase kebab-case words, with no parameters';
  if (verb !== 'GET' && verb !== 'HEAD' && verb !== 'POST') return 'a read is a GET and a write is a POST';
  if (verb === 'GET' && answersCreated) return 'a GET only reads: a route that creates something is a POST';
  return null;
}
