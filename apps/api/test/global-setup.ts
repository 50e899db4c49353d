import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectPglite } from '../src/db/client';

/**
 * PGlite takes seconds to initialise; a migrated template is made once and every test file loads
 * its own copy of it (about half a second). On PostgreSQL each file creates its own database instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'ruwa-test-'));
  const database = await connectPglite();
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
  }
}
