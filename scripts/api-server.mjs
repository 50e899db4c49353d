// How the API server process is started, in one place: `npm start`, the browser tests, Lighthouse
// and the bench (which starts its bare baseline the same way, so both run under the same flags).
import { createServer } from 'node:net';

/**
 * Node's arguments before the entry file.
 *
 * `--no-allocation-site-pretenuring`: once V8 sees most objects of an allocation site survive a
 * young-generation collection, it allocates that site's objects straight in the old generation.
 * Under load it did so in the API, and the PostgreSQL driver's row values (the rows' arrays and their
 * fields' strings) then survived every scavenge: each query result was promoted, the old generation
 * was mark-compacted about once a second, and scavenges took 5 to 8 times as long. At a steady 540
 * catalogue reads a second the API's p99 was 15 to 37 ms with pretenuring and 11 to 14 ms without
 * (docs/decisions/009). A request handler's objects die young; this keeps them young.
 */
export const API_NODE_ARGS = ['--no-allocation-site-pretenuring', '--import', 'tsx'];

/** The API's entry file, relative to the repository root. */
export const API_ENTRY = 'apps/api/src/main.ts';

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
