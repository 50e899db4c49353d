import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders directly inside `dir` (relative to this file), read at lint time so a new one is covered at once. */
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = foldersIn('./apps/web/src/features');
const apiModules = foldersIn('./apps/api/src/modules');
/**
 * The few joins that read another module's table: every signed-in request finds its token and the
 * token's user in one round trip. Reads only; writes always go through the owning module's service.
 */
const readsTablesOf = { auth: ['users'] };

/** Architecture rules: imports flow one way, and nothing imports in a circle. */
const webBoundaries = {
  'import/no-restricted-paths': [
    'error',
    {
      zones: [
        // Shared code never imports features or the app.
        { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
        { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
        // Features never import the app.
        { target: './apps/web/src/features', from: './apps/web/src/app' },
        // No feature imports another feature's internals.
        ...webFeatures.map((feature) => ({
          target: `./apps/web/src/features/${feature}`,
          from: './apps/web/src/features',
          except: [`./${feature}`],
        })),
      ],
    },
  ],
};

const apiBoundaries = {
  'import/no-restricted-paths': [
    'error',
    {
      zones: [
        // Cross-cutting code never depends on business modules.
        { target: './apps/api/src/lib', from: './apps/api/src/modules' },
        // The contract is shared by web and API and imports neither.
        { target: './packages/contract', from: ['./apps/api', './apps/web'] },
        { target: './apps/api', from: './apps/web' },
        { target: './apps/web', from: './apps/api' },
        // A module uses another only through its service.ts (and auth's route guards): never its
        // tables or queries, so each table is written by the module that owns it (balances and
        // postings only by the ledger module). Tests may read any table.
        ...apiModules.map((module) => ({
          target: `./apps/api/src/modules/${module}/!(schema|*.test).ts`,
          from: apiModules
            .filter((other) => other !== module && !readsTablesOf[module]?.includes(other))
            .map((other) => `./apps/api/src/modules/${other}`),
          except: ['./service.ts', './guards.ts'],
          message: 'Call the other module through its service.ts.',
        })),
        ...Object.entries(readsTablesOf).flatMap(([module, others]) =>
          others.map((other) => ({
            target: `./apps/api/src/modules/${module}/!(schema|*.test).ts`,
            from: `./apps/api/src/modules/${other}`,
            except: ['./service.ts', './guards.ts', './schema.ts'],
            message: 'Only the tables may be read here; call the module through its service.ts otherwise.',
          })),
        ),
        // Table definitions may name other modules' tables, for foreign keys only.
        ...apiModules.map((module) => ({
          target: `./apps/api/src/modules/${module}/schema.ts`,
          from: apiModules.filter((other) => other !== module).map((other) => `./apps/api/src/modules/${other}`),
          except: ['./schema.ts'],
          message: 'A table definition may only reference other tables.',
        })),
        // The schema of every module together is for migrations and tests, not a way around the rule above.
        { target: './apps/api/src/modules', from: './apps/api/src/db/schema.ts' },
      ],
    },
  ],
};

/** The reply schemas are the server's: the browser needs their types, never their code. */
const repliesTypesOnly = {
  name: '@ruwa/contract/replies',
  allowTypeImports: true,
  message: 'Import only types from the reply schemas (import type { ... }).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/dist-prerender/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        typescript: { project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] },
      },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['apps/api/**/*.ts', 'packages/**/*.ts'], rules: apiBoundaries },
  // The Paystack sandbox popup is plain browser script served as-is.
  {
    files: ['apps/api/src/platform/paystack/inline.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    // Imported by the service worker Workbox builds (importScripts), so it runs in that scope.
    files: ['apps/web/public/push-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...webBoundaries,
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [repliesTypesOnly] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The web and API tests share a module cache per worker (their vitest.config.ts): a module replaced
    // with vi.mock would stay replaced for the files after it. Files that replace one are *.isolated.test.*.
    files: ['apps/{web,api}/{src,test}/**/*.test.{ts,tsx}'],
    ignores: ['apps/{web,api}/{src,test}/**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'mock', message: 'Name the file *.isolated.test.* to replace a module.' },
        { object: 'vi', property: 'doMock', message: 'Name the file *.isolated.test.* to replace a module.' },
      ],
    },
  },
  {
    // Every admin write ignores a second click while it is saving: one hook does that for all of them.
    files: ['apps/web/src/features/admin/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/admin/api/use-save-mutation.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            repliesTypesOnly,
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: 'Admin writes use useSaveMutation (features/admin/api/use-save-mutation.ts).',
            },
          ],
        },
      ],
    },
  },
);
