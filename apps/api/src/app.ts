import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './lib/config';
import type { AppContext } from './lib/context';
import { registerErrorHandler } from './lib/http/error-handler';
import { refuseMalformedText } from './lib/http/malformed-text';
import { describeRoute, errorBody, openapiTransform, withoutHeadOperations } from './lib/http/openapi';
import { replySerializer } from './lib/http/serializer';
import { registerAddressRoutes } from './modules/addresses/routes';
import { registerBeneficiaryRoutes } from './modules/beneficiaries/routes';
import { registerAdminRoutes } from './modules/admin/routes';
import { registerExportRoutes } from './modules/exports/routes';
import { registerLedgerRoutes } from './modules/ledger/routes';
import { registerAgentRoutes } from './modules/agents/routes';
import { createGuards } from './modules/auth/guards';
import { registerAuthRoutes } from './modules/auth/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerCatalogRoutes } from './modules/catalog/routes';
import { registerEngagementRoutes } from './modules/engagement/routes';
import { registerEventRoutes } from './modules/events/routes';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { registerOrderRoutes } from './modules/orders/routes';
import { registerSettingsRoutes } from './modules/settings/routes';
import { registerSupportRoutes } from './modules/support/routes';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerReceiptRoutes } from './modules/receipts/routes';
import { registerReconciliationRoutes } from './modules/reconciliation/routes';
import { registerVtuRoutes } from './modules/vtu/routes';
import { registerWalletRoutes } from './modules/wallet/routes';
import { DEFAULT_WEB_DIST } from './paths';
import { imageContentType, UPLOAD_CACHE_CONTROL, type UploadsSource } from './platform/storage/images';
import { SEED_IMAGES_PATH, seedImageFiles } from './seed/seed-images';
import { registerFaultRoutes } from './platform/faults/faults';
import { registerMailSandbox } from './platform/mail/sandbox-routes';
import { registerPaystackSandbox } from './platform/paystack/sandbox-routes';
import { registerSmsSandbox } from './platform/sms/sandbox-routes';
import { registerVtuSandbox } from './platform/vtu/sandbox-routes';

declare module 'fastify' {
  interface FastifyInstance {
    routeList: string[];
  }
}

/**
 * The security headers (helmet's, with our Content-Security-Policy), computed once per app: they
 * carry no per-request value (no CSP nonces), so every response gets the same set. @fastify/helmet
 * rebuilt helmet's middleware on every request, parsing the CSP directives again, and set each
 * header on the raw response: about 4% of the API's CPU time under the read benchmarks.
 * `inlineScripts` are the CSP hashes of the scripts inline in the web app's own HTML.
 */
function securityHeadersFor(inlineScripts: string[]) {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, 'https://js.paystack.co'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://api.paystack.co'],
        frameSrc: ["'self'", 'https://checkout.paystack.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  // Helmet's HSTS header is sent per request, only over https (see the onRequest hook).
  const { 'strict-transport-security': hsts, ...always } = headers;
  return { always, hsts: hsts! };
}

/** The CSP source ('sha256-...') for each inline script in these pages, so the browser runs exactly those. */
export function inlineScriptHashes(pages: string[]): string[] {
  const hashes = new Set<string>();
  for (const page of pages) {
    for (const [, code] of page.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/**
 * Request latency for every route, and GET /metrics for Prometheus when METRICS_TOKEN is set (the
 * token as a bearer; anything else is 404, so the endpoint's existence is not advertised).
 */
function registerMetrics(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onResponse', (request, reply, done) => {
    // Unmatched URLs share one label, so random paths cannot grow the metric without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    ctx.metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const token = ctx.config.METRICS_TOKEN;
  if (!token) return;
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = createHash('sha256')
      .update(String(request.headers.authorization ?? ''))
      .digest();
    if (!timingSafeEqual(given, expected)) {
      return reply.code(404).send({ message: `Route GET /metrics not found.` });
    }
    const registry = ctx.metrics.registry;
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

/** Fastify's form of TRUST_PROXY: a hop count trusts that many proxies nearest the server. */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Builds the HTTP app around an already-created context. Listening is the caller's business. */
export async function buildApp(ctx: AppContext) {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: ctx.config.BODY_LIMIT_BYTES,
    // Only the proxies TRUST_PROXY names may say who the client is (X-Forwarded-For): rate limits
    // count request.ip, so believing anyone would let a client pick a fresh address per request.
    trustProxy: trustedProxies(ctx.config.TRUST_PROXY),
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer({ strict: ctx.config.NODE_ENV === 'test' }));
  registerErrorHandler(app);
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);
  // The live route list, for the authorization matrix test and the docs.
  const routes: string[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    describeRoute(route);
  });

  const webDist = path.resolve(ctx.config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  const shells = loadShells(webDist, runtimeEnvScript(ctx));
  const securityHeaders = securityHeadersFor(shells?.inlineScripts ?? []);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders.always);
    // HSTS only means something on https; over plain http a browser must ignore it (RFC 6797).
    if (request.protocol === 'https') reply.header('strict-transport-security', securityHeaders.hsts);
    done();
  });
  // What one customer's token fetched must never be kept by a shared cache or the browser's disk.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.headers.authorization && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  refuseMalformedText(app);
  registerMetrics(app, ctx);
  const origins = ctx.config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  await app.register(cors, { origin: origins.length ? origins : false, credentials: false });
  // With REDIS_URL, rate-limit counters are shared by every instance; otherwise they live in memory.
  const redis = ctx.config.REDIS_URL
    ? new Redis(ctx.config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable; rate limits fail open'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, skipOnError: true, nameSpace: 'ruwa-rl-' } : {}),
  });
  await app.register(compress, { threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ruwa API',
        version: '1.0.0',
        description:
          'Water, gas, airtime and data. Money crosses the API as naira (JSON numbers); success answers are ' +
          '`{ message, data }`, errors `{ message, errors? }`.',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: openapiTransform,
    // HEAD mirrors GET; documenting it twice would give two operations one id.
    transformObject: (document) =>
      'openapiObject' in document ? withoutHeadOperations(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const guards = createGuards(ctx);
  await app.register(
    async (api) => {
      // Liveness: the process answers. Readiness (below) is whether it can serve.
      const status = z.object({ status: z.string(), database: z.enum(['postgres', 'pglite']) });
      api.get(
        '/health',
        { schema: { tags: ['platform'], summary: 'Liveness', response: { 200: status } } },
        async () => ({
          status: 'ok',
          database: ctx.database.kind,
        }),
      );
      const readiness = { 200: status, 503: errorBody.describe('Not ready: the database is unreachable or behind.') };
      api.get(
        '/ready',
        { schema: { tags: ['platform'], summary: 'Readiness', response: readiness } },
        async (_request, reply) => {
          const pending = await ctx.database.pendingMigrations().catch(() => null);
          if (pending === null) return reply.code(503).send({ message: 'The database cannot be reached.' });
          if (pending > 0) return reply.code(503).send({ message: `${pending} database migrations are not applied.` });
          return { status: 'ready', database: ctx.database.kind };
        },
      );
      await registerAuthRoutes(api, ctx, guards);
      await registerUserRoutes(api, ctx, guards);
      await registerAdminRoutes(api, ctx, guards);
      await registerLedgerRoutes(api, ctx, guards);
      await registerCatalogRoutes(api, ctx, guards);
      await registerPaymentRoutes(api, ctx, guards);
      await registerOrderRoutes(api, ctx, guards);
      await registerAddressRoutes(api, ctx, guards);
      await registerBeneficiaryRoutes(api, ctx, guards);
      await registerWalletRoutes(api, ctx, guards);
      await registerVtuRoutes(api, ctx, guards);
      await registerNotificationRoutes(api, ctx, guards);
      await registerSettingsRoutes(api, ctx, guards);
      await registerEngagementRoutes(api, ctx, guards);
      await registerAgentRoutes(api, ctx, guards);
      await registerEventRoutes(api, ctx, guards);
      await registerReconciliationRoutes(api, ctx, guards);
      await registerReceiptRoutes(api, ctx, guards);
      await registerSupportRoutes(api, ctx, guards);
      await registerExportRoutes(api, ctx, guards);
    },
    { prefix: '/api' },
  );

  // Production refuses sandbox configuration at start (lib/config.ts); this holds even if it did not.
  if (ctx.config.NODE_ENV !== 'production') {
    if (ctx.mailer.kind === 'outbox') await registerMailSandbox(app, ctx.db);
    if (ctx.config.sandbox) await registerPaystackSandbox(app, ctx);
    if (ctx.config.vtuSandbox) await registerVtuSandbox(app, ctx);
    if (ctx.config.smsSandbox) await registerSmsSandbox(app, ctx);
    if (ctx.config.sandbox || ctx.config.vtuSandbox || ctx.config.smsSandbox) await registerFaultRoutes(app, ctx);
  }

  await registerWebApp(app, ctx, webDist, shells);
  return app;
}

/** Serves uploads, the runtime environment script and the built SPA (with its client-side routes). */
async function registerWebApp(app: FastifyInstance, ctx: AppContext, dist: string, shells: Shells | null) {
  await registerUploads(app, ctx.images.uploads);

  // The pages the server sends carry this inline; the file serves the built index.html as it is (the
  // service worker's offline copy) and `vite dev`.
  app.get('/env.js', { schema: { hide: true } }, async (_request, reply) => {
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(`${runtimeEnvScript(ctx)}\n`);
  });

  if (!shells) app.log.warn({ dist }, 'web app not built: only the API is served');
  else await registerSpa(app, dist);

  // Client-side routes get the SPA; anything else unknown gets the JSON envelope.
  const apiLike = /^\/(api|sandbox|uploads)(\/|$)/;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      shells &&
      request.method === 'GET' &&
      !apiLike.test(pathname) &&
      !path.extname(pathname) &&
      !looksForHiddenFile(pathname)
    ) {
      const shell = shells.forPath.get(pathname) ?? shells.default;
      // @fastify/compress only hooks real routes, so the shell served from here is compressed by hand.
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      return encoding ? reply.header('content-encoding', encoding).send(shell[encoding]) : reply.send(shell.raw);
    }
    return reply.code(404).send({ message: `Route ${request.method} ${pathname} not found.` });
  });
}

/**
 * A segment starting with a dot (/.env, /.git/config; /.well-known/ aside) or an editor's or a
 * deploy's leftover copy (login~, index.html.bak, .swp, .old, .orig). The app has no such route, and
 * answering them with the app's page (200) tells a scanner something is there: they get a plain 404.
 */
const HIDDEN_OR_BACKUP = /\/\.(?!well-known(?:\/|$))|(?:~|\.(?:bak|swp|old|orig))(?:\/|$)/i;

function looksForHiddenFile(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes are judged as sent.
  }
  return HIDDEN_OR_BACKUP.test(pathname) || HIDDEN_OR_BACKUP.test(decoded);
}

/** A stored upload's key: a folder and a file name, as the image stores write them. */
const UPLOAD_KEY = /^[a-z0-9-]+\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/**
 * GET /uploads/...: the files in DATA_DIR/uploads, or the objects in the bucket read through the API
 * (S3 without S3_PUBLIC_URL), with the same headers either way. Upload names are random or content
 * hashes and never rewritten (docs/decisions/006), so they are cached for good.
 */
async function registerUploads(app: FastifyInstance, uploads: UploadsSource) {
  // The demo pictures come from the build on every instance, whichever store keeps the uploads.
  const readSeedImage = seedImageFiles();
  app.get(`${SEED_IMAGES_PATH}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const bytes = /^[a-z0-9-]+\.(jpg|webp)$/.test(name) ? await readSeedImage(name) : null;
    if (!bytes) return reply.callNotFound();
    return reply.type(imageContentType(name)).header('cache-control', UPLOAD_CACHE_CONTROL).send(bytes);
  });
  if (!uploads) return;
  if ('dir' in uploads) {
    mkdirSync(uploads.dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploads.dir,
      prefix: '/uploads/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply) => void reply.header('cache-control', UPLOAD_CACHE_CONTROL),
    });
    return;
  }
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = UPLOAD_KEY.test(key) ? await uploads.read(key) : null;
    if (!file) return reply.callNotFound();
    reply.type(file.contentType).header('cache-control', UPLOAD_CACHE_CONTROL);
    if (file.etag) reply.header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    if (file.etag && request.headers['if-none-match'] === file.etag) {
      file.body.destroy();
      return reply.code(304).send();
    }
    if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
    return reply.send(file.body);
  });
}

type Shell = { raw: Buffer; br: Buffer; gzip: Buffer };

const compressed = (html: Buffer): Shell => ({ raw: html, br: brotliCompressSync(html), gzip: gzipSync(html) });

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

const EMPTY_ROOT = '<div id="root"></div>';
/** The app's module script and the links that preload its files, as the built HTML writes them. */
const APP_SCRIPT_TAGS = /[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\n?/g;

/**
 * A prerendered page paints from its HTML and stylesheet alone, so its scripts wait for that paint:
 * they go into a <template> (inert: nothing in it downloads) that the first-route script empties into
 * the <head> once the page has painted (apps/web/src/first-route.ts), told so by the <html>
 * element's data-scripts-after-paint. Until then the HTML, the stylesheet and the first image have
 * the line to themselves; on a slow phone that is the first screen sooner, and the app's code starts
 * downloading one paint later.
 */
function scriptsAfterFirstPaint(page: string): string {
  const tags = page.match(APP_SCRIPT_TAGS)?.map((tag) => tag.trim()) ?? [];
  if (tags.length === 0) return page;
  return page
    .replace('<html', '<html data-scripts-after-paint')
    .replace(APP_SCRIPT_TAGS, '')
    .replace('</body>', () => `<template data-app-scripts>${tags.join('')}</template>\n  </body>`);
}
const ENV_SCRIPT_TAG = '<script defer src="/env.js"></script>';

/** The app's runtime configuration as a script: one build runs in every environment. */
function runtimeEnvScript(ctx: AppContext): string {
  const env = {
    apiUrl: '/api',
    paystackPublicKey: ctx.config.PAYSTACK_PUBLIC_KEY,
    paystackInlineUrl: ctx.config.PAYSTACK_INLINE_URL,
  };
  // '<' escaped, so no value can close the inline script it is sent in.
  return `window.__RUWA_ENV__ = ${JSON.stringify(env).replaceAll('<', '\\u003c')};`;
}

type Shells = { default: Shell; forPath: Map<string, Shell>; inlineScripts: string[] };

/**
 * The SPA's index.html, compressed once, with the runtime configuration inline (one round trip less
 * before the app can start), plus a variant for each landing path the web build names:
 * - landing-preloads.json (apps/web/first-route-preload.ts): that screen's preload links go into the
 *   HTML itself, so its files download from the first round trip;
 * - prerendered.json (apps/web/scripts/prerender.mjs): that screen's first render as HTML inside
 *   #root, so it paints before the scripts arrive (the app replaces it when it starts).
 */
function loadShells(dist: string, envScript: string): Shells | null {
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, 'utf8').replace(ENV_SCRIPT_TAG, () => `<script>${envScript}</script>`);
  // { path: { first, last } }: `first` (the screen's largest image) ahead of everything the <head>
  // loads, `last` (its scripts) after the rest.
  const landing = html.includes('</head>')
    ? (readJson<Record<string, { first: string; last: string }>>(path.join(dist, 'landing-preloads.json')) ?? {})
    : {};
  const prerendered = html.includes(EMPTY_ROOT)
    ? (readJson<Record<string, string>>(path.join(dist, 'prerendered.json')) ?? {})
    : {};
  const forPath = new Map<string, Shell>();
  const pages = [html];
  for (const pathname of new Set([...Object.keys(landing), ...Object.keys(prerendered)])) {
    let page = html;
    const links = landing[pathname];
    if (links) page = page.replace('</title>', `</title>${links.first}`).replace('</head>', `${links.last}</head>`);
    const markup = prerendered[pathname];
    if (markup) page = scriptsAfterFirstPaint(page.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`));
    forPath.set(pathname, compressed(Buffer.from(page)));
    pages.push(page);
  }
  // The built index.html as it is, too: fastify-static serves it at /index.html (the service worker's copy).
  pages.push(readFileSync(indexFile, 'utf8'));
  return { default: compressed(Buffer.from(html)), forPath, inlineScripts: inlineScriptHashes(pages) };
}

async function registerSpa(app: FastifyInstance, dist: string) {
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite puts a content hash in every asset name, so they never change under the same URL.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
