import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { firstRoutePreload, preloadsBesideTheEntry } from './first-route-preload';
import { pwa } from './pwa.config';

// In development the API (and the runtime env script it serves) runs on port 3000;
// in production the API serves the built files itself, so everything is same-origin.
const API_ORIGIN = 'http://localhost:3000';

/** Shared modules that import a library some first screens do not need (Radix parts, Embla, Sonner, forms, queries). */
const SHARED_WITH_A_LIBRARY =
  /[\\/](carousel|tabs|confirm-dialog|confirmed-form-dialog|switch-field|toaster|button|lazy-zod-resolver|class-conflicts|sheet|query-client|wallet-query|wallet-pin|catalog-queries|use-checkout|image-file)\.tsx?$/;

/** Shared components only a few later screens show: they load with those screens, not with every one. */
const ONLY_SOME_SCREENS =
  /[\\/](phone-contact|new-password-fields|text-area|contact-fields|data-table|pager|payment-method-field|top-up-link|paid-unrecorded|paystack|status-timeline|photo-upload-button|api-file|confirming-payment|offline-pay-notice|pay-button|clipboard|use-page-param|use-debounced-value|requirement-notice|table-scroll|day-range-fields)\.tsx?$/;

const alias = [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }];

/**
 * `vite build --ssr src/prerender.tsx` (part of `npm run build`): home's first screen as a Node
 * module that scripts/prerender.mjs renders to HTML. Same asset names as the browser build.
 */
const prerenderBuild: UserConfig = {
  plugins: [react()],
  resolve: { alias },
  build: { outDir: 'dist-prerender', emptyOutDir: true, target: 'node20', copyPublicDir: false },
};

const preloads = preloadsBesideTheEntry();

const browserBuild: UserConfig = {
  plugins: [
    react(),
    preloads.plugin,
    tailwindcss(),
    pwa(),
    // Where a visitor usually lands: the login screen, or home when signed in (guards.tsx), or the wallet.
    firstRoutePreload([
      {
        paths: ['/', '/auth/login', '/home'],
        serverPaths: ['/auth/login'],
        signedIn: false,
        modules: ['src/app/routes/auth/login.tsx'],
      },
      {
        paths: ['/', '/home'],
        serverPaths: ['/home'],
        signedIn: true,
        modules: ['src/app/shells/customer-shell.tsx', 'src/app/routes/app/home.tsx', 'src/app/query-layer.tsx'],
        firstImage: 'slide-water',
        // What the shell and the product tiles show first, as the app's API client asks for them.
        requests: ['users/me', 'notifications/unread-count', 'product/category/index?enabled=1&per_page=100'],
      },
      // The wallet, opened from a payment alert or a bookmark: its prerendered frame (src/prerender.tsx)
      // shows at once, the balance is asked for ahead of the scripts and painted into the frame when it
      // comes, and the app takes over once its code is here.
      {
        paths: ['/wallet'],
        signedIn: true,
        modules: ['src/app/shells/customer-shell.tsx', 'src/app/routes/app/wallet.tsx', 'src/app/query-layer.tsx'],
        requests: ['wallet/me'],
      },
    ]),
    // Brotli (quality 11) and gzip (level 9) copies of every text file, written once at build time:
    // the server sends them as they are (preCompressed in apps/api/src/app.ts) instead of compressing
    // each request at the fast, larger settings a per-request compressor has to use. (Its 'silent'
    // log level would also swallow a failed compression, so the build lists the files instead.)
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'info' }),
  ],
  resolve: { alias },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/sandbox': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/env.js': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // Every browser that runs es2022 supports modulepreload; the polyfill would only cost bytes.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    // Every route is a dynamic import (see src/app/router.tsx), so each screen is its own chunk.
    // The framework code every screen needs goes into one long-cached vendor chunk.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              // The small shared components and helpers as one file instead of dozens of 1 KB ones:
              // every file a screen needs is a request, over HTTP/1.1 six at a time. Not the modules
              // that bring a library of their own (a group takes its modules' imports too). Icons
              // come with what imports them: the shared components' icons here, a screen's own with
              // that screen, so an icon one later screen shows costs no first load.
              name: 'ui',
              test: (id) =>
                (/[\\/]src[\\/](components|lib)[\\/]/.test(id) &&
                  !SHARED_WITH_A_LIBRARY.test(id) &&
                  !ONLY_SOME_SCREENS.test(id)) ||
                /node_modules[\\/](clsx|class-variance-authority)[\\/]/.test(id),
            },
            // Every screen but the login screen (app/query-boundary.tsx): TanStack Query and the reads
            // every customer screen makes first, as one file, since each file costs a round trip.
            // After 'ui', so the API client and session helpers these import stay there, where the
            // login screen finds them. (Not app/query-layer.tsx: it would take the routes' paths,
            // which the entry imports, and with them this file onto the login screen.)
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/]|[\\/](query-client|wallet-query|wallet-pin|catalog-queries|get-unread-count)\.tsx?$/,
            },
            // The purchase reference (ORD-12) rides with the date formatters every screen that quotes
            // one already loads: a file of its own would be one more name in the entry's preload map.
            {
              name: 'dates',
              test: /[\\/]packages[\\/]contract[\\/]src[\\/](dates|purchase-reference)\.ts$/,
            },
            // React Hook Form and its zod resolver: every form screen but the login screen needs them.
            // The shared name, e-mail and phone fields ride along rather than make one more file.
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]|[\\/](lazy-zod-resolver\.ts|contact-fields\.tsx)$/,
            },
          ],
        },
      },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? prerenderBuild : browserBuild));
