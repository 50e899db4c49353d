import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_ENTRY, API_NODE_ARGS, freePort } from '../scripts/api-server.mjs';

export type AppServer = { url: string; stop: () => Promise<void> };

/**
 * Starts the app as a newcomer would run it (embedded PGlite, sandboxes, the built web app) on a
 * free port with a fresh data directory, in its own process group; `stop` ends the whole group.
 * Each Playwright worker runs its own (support.ts), so journeys in parallel never share data.
 */
export async function startAppServer(): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ruwa-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...API_NODE_ARGS, API_ENTRY], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The suite signs in many times from one address.
      RATE_LIMIT_AUTH_PER_IP: '1000',
      RATE_LIMIT_AUTH_PER_EMAIL: '100',
      RATE_LIMIT_PASSWORD_PER_IP: '1000',
      RATE_LIMIT_PASSWORD_PER_ACCOUNT: '100',
    },
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const stop = async () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };

  // A start that fails stops what it started itself.
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the app did not become healthy within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
