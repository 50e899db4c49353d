import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Architecture rules (STYLE.md): imports flow one way, and nothing imports in a circle. */
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
        ...[
          'auth',
          'home',
          'catalog',
          'orders',
          'airtime-data',
          'wallet',
          'profile',
          'notifications',
          'agent',
          'admin',
        ].map((feature) => ({
          target: `./apps/web/src/features/${feature}`,
          from: './apps/web/src/features',
          except: [`./${feature}`],
        })),
        // Live updates refresh other features' screens: they may read those features' query keys only.
        {
          target: './apps/web/src/features/live-updates',
          from: './apps/web/src/features',
          except: [
            './live-updates',
            './orders/api/order-keys.ts',
            './agent/api/agent-keys.ts',
            './admin/api/orders/admin-order.ts',
            './admin/api/agents/agents-keys.ts',
            './notifications/api/notification-keys.ts',
            './wallet/api/wallet-keys.ts',
          ],
        },
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
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...webBoundaries,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
