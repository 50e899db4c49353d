// `npm run build` (with the web app): bundles the API into plain JavaScript that Node runs as it is,
// with no TypeScript transpiler at run time (docs/decisions/013). `npm start` still runs src/ through tsx.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { API_BUILT_ENTRY } from './api-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractDir = path.join(root, 'packages/contract');

/**
 * Every package stays an import that Node resolves from node_modules at run time (packages: 'external'),
 * except the workspace's contract: it is TypeScript source, so it is bundled in. Its subpaths are
 * resolved through its own `exports` map, as tsx and TypeScript resolve them.
 */
const bundleContract = {
  name: 'bundle-ruwa-contract',
  setup(build) {
    const { exports } = JSON.parse(readFileSync(path.join(contractDir, 'package.json'), 'utf8'));
    build.onResolve({ filter: /^@ruwa\/contract(\/|$)/ }, (args) => {
      const target = exports[`.${args.path.slice('@ruwa/contract'.length)}`];
      if (!target) return { errors: [{ text: `${args.path} is not exported by packages/contract/package.json` }] };
      return { path: path.join(contractDir, target) };
    });
  },
};

/**
 * Writes apps/api/dist/main.js (the server) and apps/api/dist/create-admin.js. Both sit directly in
 * dist/, the depth src/paths.ts relies on to find the migrations and other run-time files.
 */
export async function buildApi() {
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'apps/api/src/main.ts', 'create-admin': 'apps/api/src/cli/create-admin.ts' },
    outdir: path.dirname(path.join(root, API_BUILT_ENTRY)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [bundleContract],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await buildApi();
  console.log(`API bundled into ${path.dirname(API_BUILT_ENTRY)}/ in ${Math.round(performance.now() - started)} ms`);
}
