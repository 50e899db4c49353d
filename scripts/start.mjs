// `npm start`: build the web app when its sources are newer than the build, then serve API + web.
// With WEB_DIST_DIR set, that directory is a build of your own: it is served as it is, never built here.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ENTRY, API_NODE_ARGS } from './api-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

const server = spawn(process.execPath, [...API_NODE_ARGS, API_ENTRY], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
