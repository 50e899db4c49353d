import { buildApp } from './app';
import { createContext } from './bootstrap';
import { ConfigError, loadConfig, PRODUCTION_REFUSAL } from './lib/config';
import { DEMO_ADMIN, demoAccountsWithDemoPasswords, seedDemoIfEmpty } from './seed/demo';

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
  for (const warning of config.warnings) ctx.log.warn(warning);
  const production = config.NODE_ENV === 'production';
  const embedded = ctx.database.kind === 'pglite';
  // Production never seeds: the demo accounts' passwords are published.
  const seeded = !production && (embedded || config.SEED_DEMO === '1') ? await seedDemoIfEmpty(ctx) : false;
  const demoLogins = await demoAccountsWithDemoPasswords(ctx.db);
  if (production && demoLogins.length) {
    // The line names the account, never its password.
    console.error(
      demoLogins
        .map(
          ({ email }) =>
            `${PRODUCTION_REFUSAL} the demo account ${email} still has its demo password; change it (npm run create-admin -- --email ${email} --password ...) or delete the account.`,
        )
        .join('\n'),
    );
    await ctx.database.close();
    process.exit(1);
  }

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
  // Outside production, the demo accounts that still have their demo passwords get their logins
  // printed; production has refused to start with any, so it prints no password.
  if (demoLogins.length) {
    lines.push(
      ...demoLogins.map(
        ({ email, password }) =>
          `  ${email === DEMO_ADMIN.email ? 'Demo admin:   ' : 'Demo customer:'} ${email} / ${password}`,
      ),
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
