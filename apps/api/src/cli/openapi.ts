// npm run openapi [-- FILE]: writes the API's OpenAPI document (what /api/docs/json serves) to FILE,
// or prints it. Builds the app on a throwaway embedded database; nothing listens.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { createContext } from '../bootstrap';
import { connectPglite } from '../db/client';
import { loadConfig } from '../lib/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ruwa-openapi-'));
try {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  const ctx = await createContext(config, await connectPglite());
  const app = await buildApp(ctx);
  await app.ready();
  const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
  await app.close();
  await ctx.database.close();
  const file = process.argv[2];
  if (file) {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, document);
  } else process.stdout.write(document);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
