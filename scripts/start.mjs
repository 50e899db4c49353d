// `npm start`: build the web app when its sources are newer than the build, then serve API + web,
// the API from its TypeScript sources (tsx).
// `npm run start:prod` (`--prod`): serve what `npm run build` built, the API as plain JavaScript;
// nothing is built here, and a missing API bundle stops it.
// With WEB_DIST_DIR set, that directory is a build of your own: it is served as it is, never built here.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BUILT_ENTRY, API_ENTRY, API_NODE_ARGS, API_V8_ARGS } from './api-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prod = process.argv.includes('--prod');
if (prod && !existsSync(path.join(root, API_BUILT_ENTRY))) {
  console.error(`Cannot start: ${API_BUILT_ENTRY} is missing; run \`npm run build\` first.`);
  process.exit(1);
}
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

const customDist = process.env.WEB_DIST_DIR?.trim();
if (customDist) {
  // The server resolves a relative WEB_DIST_DIR against the repository root (its working directory).
  const index = path.join(path.resolve(root, customDist), 'index.html');
  if (!existsSync(index)) console.log(`WEB_DIST_DIR=${customDist} has no index.html: only the API will be served.`);
} else if (prod) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html')))
    console.log('apps/web/dist has no index.html (run `npm run build`): only the API will be served.');
} else {
  const builtIndex = path.join(root, 'apps/web/dist/index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...webInputs.map((input) => newestChange(path.join(root, input))));
  if (sourcesAt > builtAt) {
    console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first run)…');
    const build = spawnSync('npm', ['run', 'build', '-w', '@ruwa/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const command = prod ? [...API_V8_ARGS, API_BUILT_ENTRY] : [...API_NODE_ARGS, API_ENTRY];
const server = spawn(process.execPath, command, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
