import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { WEB_MANIFEST_URL } from './src/features/offline/web-manifest';
import { ACCOUNT_CACHE } from './src/lib/offline-caches';

/**
 * The installable app: web manifest plus a Workbox service worker (generateSW) that precaches the
 * customer shell and keeps the last-known catalogue and account data for offline use.
 * Registration is done by the app itself (features/offline/register-service-worker.ts) once the first
 * screen has loaded and the network has been quiet for a moment.
 */

// Colours from src/index.css: brand-600 for the bars, slate-50 behind the splash screen.
const manifest: Partial<ManifestOptions> = {
  name: 'Ruwa',
  short_name: 'Ruwa',
  description: 'Buy sachet and bottle water, cooking gas, airtime and data.',
  id: '/',
  // `/` sends each user to their own first screen: an approved agent's phone opens on its work queue.
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0b5cad',
  background_color: '#f8fafc',
  lang: 'en',
  categories: ['shopping', 'food'],
  icons: [
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

const DAY = 24 * 60 * 60;

// Catalogue reads are the same for everyone; a short timeout so a bad connection falls back quickly.
const CATALOG_API =
  /\/api\/(location\/index|location\/products\/index|product\/category\/index|products\/show|data-bundles)(\?|$)/;
// The signed-in user's own reads behind home, profile, wallet, orders and notifications. Never auth,
// admin, bank look-ups or anything that moves money (those are POSTs, which are never cached anyway).
const ACCOUNT_API =
  /\/api\/(users\/me|users\/me\/referral-rewards|wallet\/me|wallet-transactions\/me|product-order\/me|product-order\/show|subscription-order\/me|vtu\/me|notifications\/me|notifications\/unread-count|raffle-tickets\/me|agents\/me(\/[a-z-]+)?)(\?|$)/;

/**
 * Keys account responses by a hash of the bearer token, so a different sign-in on a shared phone
 * never sees the previous person's wallet offline. Serialised into sw.js: it must be self-contained.
 */
const sessionScopedKeys = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
    const authorization = request.headers.get('authorization');
    if (!authorization) return request;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
    const session = Array.from(new Uint8Array(digest).slice(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join(
      '',
    );
    const url = new URL(request.url);
    url.searchParams.set('__session', session);
    return url.href;
  },
};

/** Route modules only an admin or agent loads: cached when first used, not downloaded by every customer. */
const STAFF_ONLY = /^src\/app\/(routes\/(admin|agent)\/|shells\/(admin|agent)-shell\.tsx$)/;

type ViteManifest = Record<
  string,
  { file: string; css?: string[]; assets?: string[]; imports?: string[]; dynamicImports?: string[] }
>;

/** Files the customer app can reach from index.html without entering staff-only routes. */
export function customerFiles(viteManifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || STAFF_ONLY.test(key)) return;
    seen.add(key);
    const chunk = viteManifest[key];
    if (!chunk) return;
    [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])].forEach((file) => files.add(file));
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(visit);
  };
  visit('index.html');
  return files;
}

export function pwa(): Plugin[] {
  let outDir = '';
  const recordOutDir: Plugin = {
    name: 'ruwa:pwa-out-dir',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };

  // vite-plugin-pwa links the manifest from index.html; the app links it itself once the first
  // screen has loaded (src/features/offline/web-manifest.ts says why).
  const manifestLink = `<link rel="manifest" href="${WEB_MANIFEST_URL}">`;
  const unlinkManifest: Plugin = {
    name: 'ruwa:unlink-manifest',
    apply: 'build',
    // After vite-plugin-pwa's own transform, which is also a 'post' plugin's 'post' hook.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(manifestLink)) throw new Error(`index.html no longer has ${manifestLink}`);
        return html.replace(manifestLink, '');
      },
    },
  };

  return [
    recordOutDir,
    ...VitePWA({
      injectRegister: false,
      manifest,
      // The glob below already precaches public/ (icons included); listing them again would duplicate.
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        manifestTransforms: [
          (entries) => {
            const viteManifest = JSON.parse(
              readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
            ) as ViteManifest;
            const customer = customerFiles(viteManifest);
            // Hashed build output outside the customer graph waits for the runtime cache below.
            const manifest = entries.filter((entry) => !entry.url.startsWith('assets/') || customer.has(entry.url));
            return { manifest, warnings: [] };
          },
        ],
        inlineWorkboxRuntime: true,
        // Web Push: showing alerts while the app is closed (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        // The first install takes over the open page at once, so the app works offline from the first
        // visit. An update waits until every Ruwa tab is closed: switching mid-session would delete
        // the old build's precached chunks while the open page may still lazy-load them.
        clientsClaim: true,
        skipWaiting: false,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/sandbox\//, /^\/env\.js$/],
        runtimeCaching: [
          {
            // Written by the server at start (API base URL, payment key); the app cannot boot without it.
            urlPattern: /\/env\.js$/,
            handler: 'NetworkFirst',
            options: { cacheName: 'ruwa-env', networkTimeoutSeconds: 4, expiration: { maxEntries: 1 } },
          },
          {
            // Content-hashed, so a cached copy is never wrong: staff chunks and anything added later.
            urlPattern: /\/assets\/.+\.(js|css|svg|png|webp|avif|woff2)$/,
            handler: 'CacheFirst',
            options: {
              cacheName: 'ruwa-assets',
              expiration: { maxEntries: 200, maxAgeSeconds: 60 * DAY },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: /\/uploads\//,
            handler: 'CacheFirst',
            options: {
              cacheName: 'ruwa-images',
              expiration: { maxEntries: 150, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: CATALOG_API,
            handler: 'NetworkFirst',
            options: {
              cacheName: 'ruwa-catalog',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 80, maxAgeSeconds: 7 * DAY },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // A longer timeout than the catalogue: a slow but working connection should show today's
            // balance, not a saved one; the saved copy is for when the network is really gone.
            urlPattern: ACCOUNT_API,
            handler: 'NetworkFirst',
            options: {
              cacheName: ACCOUNT_CACHE,
              networkTimeoutSeconds: 10,
              expiration: { maxEntries: 80, maxAgeSeconds: 7 * DAY },
              cacheableResponse: { statuses: [200] },
              plugins: [sessionScopedKeys],
            },
          },
        ],
      },
    }),
    unlinkManifest,
  ];
}
