// How the API server process is started, in one place: `npm start`, the browser tests, Lighthouse
// and the bench (which starts its bare baseline the same way, so both run under the same flags).

/**
 * Node's arguments before the entry file.
 *
 * `--no-allocation-site-pretenuring`: V8 allocates an allocation site's objects straight into the old
 * generation once it has seen most of them survive a young-generation collection. Under load, the
 * PostgreSQL driver's row values (each field's string, each row's array) were seen to get that
 * treatment: every query result then went to the old generation, which filled up about once a second
 * and had to be mark-compacted, with scavenges 5 to 8 times as long as before. At a steady 540 catalogue
 * reads a second the API's p99 was 15 to 37 ms with it and 11 to 14 ms without (README, "API
 * benchmarks"). Short-lived results are what a request handler makes; this keeps them young.
 */
export const API_NODE_ARGS = ['--no-allocation-site-pretenuring', '--import', 'tsx'];

/** The API's entry file, relative to the repository root. */
export const API_ENTRY = 'apps/api/src/main.ts';
