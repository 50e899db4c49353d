// How the API server process is started, in one place: `npm start` and `npm run start:prod`, the
// tests, the browser tests, Lighthouse and the bench (which starts its bare baseline the same way, so
// both run under the same flags).
import { createServer } from 'node:net';

/**
 * V8's flags, the same whichever way the server runs.
 *
 * `--no-allocation-site-pretenuring`: once V8 sees most objects of an allocation site survive a
 * young-generation collection, it allocates that site's objects straight in the old generation.
 * Under load it did so in the API, and the PostgreSQL driver's row values (the rows' arrays and their
 * fields' strings) then survived every scavenge: each query result was promoted, the old generation
 * was mark-compacted about once a second, and scavenges took 5 to 8 times as long. At a steady 540
 * catalogue reads a second the API's p99 was 15 to 37 ms with pretenuring and 11 to 14 ms without
 * (docs/decisions/009). A request handler's objects die young; this keeps them young.
 */
export const API_V8_ARGS = ['--no-allocation-site-pretenuring'];

/** tsx, which runs the TypeScript sources directly (development, tests, the bench). */
export const TSX_LOADER_ARGS = ['--import', 'tsx'];

/** Node's arguments before a TypeScript entry file: the V8 flags and tsx. */
export const API_NODE_ARGS = [...API_V8_ARGS, ...TSX_LOADER_ARGS];

/** The API's TypeScript entry file, relative to the repository root (`npm start`). */
export const API_ENTRY = 'apps/api/src/main.ts';

/**
 * The bundle `npm run build` writes (scripts/build-api.mjs), relative to the repository root: plain
 * JavaScript, run by Node with the V8 flags alone (`npm run start:prod`).
 */
export const API_BUILT_ENTRY = 'apps/api/dist/main.js';

/** A free TCP port on loopback, for a server started on its own. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
