import { buildApp } from './app';
import { createContext } from './bootstrap';
import { ConfigError, loadConfig } from './lib/config';
import { findUserByEmail } from './modules/users/service';
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemoIfEmpty } from './seed/demo';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const ctx = await createContext(config);
  const embedded = ctx.database.kind === 'pglite';
  const seeded = embedded || config.SEED_DEMO === '1' ? await seedDemoIfEmpty(ctx) : false;

  const app = await buildApp(ctx);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  ctx.setInternalUrl(`http://127.0.0.1:${port}`);
  // Without PUBLIC_URL, e-mail links and this banner name the port really listened on (PORT=0 picks one).
  if (!config.PUBLIC_URL) ctx.publicUrl = `http://localhost:${port}`;
  await ctx.jobs.start();

  const url = ctx.publicUrl;
  const outboxes = [
    ctx.mailer.kind === 'outbox' ? `${url}/sandbox/mail` : null,
    config.smsSandbox ? `${url}/sandbox/sms` : null,
  ].filter(Boolean);
  const lines = [
    '',
    `  Ruwa is running at ${url}`,
    `  Database: ${embedded ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}` +
      (seeded ? ' (demo data seeded)' : ''),
    `  Payments, e-mail and SMS: ${config.sandbox ? 'sandboxes' : 'live providers'}` +
      (outboxes.length ? ` (outboxes at ${outboxes.join(' and ')})` : ''),
    `  API docs: ${url}/api/docs`,
    // With PORT=0 the system picks the port; this line says which (the tests' child processes read it).
    `  Listening on ${config.HOST}:${port}`,
    '',
  ];
  // Only a database that holds the demo accounts gets their logins printed.
  if (await findUserByEmail(ctx.db, DEMO_ADMIN.email)) {
    lines.push(
      `  Demo admin:    ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
      `  Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`,
      '',
    );
  }
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await ctx.jobs.stop();
    await ctx.database.close();
    ctx.images.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
