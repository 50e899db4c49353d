import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_ENTRY, API_NODE_ARGS, freePort } from '../scripts/api-server.mjs';
import { AXE_REGISTRY_ENV, axeWorkOf } from './axe-registry';

/**
 * The run's register of screens axe-core has checked (e2e/axe-registry.ts): a fresh directory the
 * workers inherit through the environment, so a screen is checked once per run whichever spec file
 * or worker opens it first. Answers how to remove it.
 */
function startAxeRegistry() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ruwa-axe-'));
  process.env[AXE_REGISTRY_ENV] = dir;
  return () => {
    const work = axeWorkOf(dir);
    if (work.journeys > 0)
      console.log(
        `  axe-core: ${work.journeys} journeys opened ${work.screens} addresses; ${work.opened} opened again, ` +
          `${work.checked} screen states checked (each once per size)`,
      );
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Starts the built app as a newcomer would run it (embedded PGlite, sandboxes) on a free port with a
 * fresh data directory, in its own process group, and stops the whole group afterwards.
 */
export default async function globalSetup() {
  const stopAxeRegistry = startAxeRegistry();
  if (process.env.E2E_BASE_URL) return stopAxeRegistry; // pointed at a running app
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ruwa-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...API_NODE_ARGS, API_ENTRY], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
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
    stopAxeRegistry();
  };

  // A setup that fails gets no teardown: it stops what it started itself.
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
      try {
        const res = await fetch(`${baseUrl}/api/health`);
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
  process.env.E2E_BASE_URL = baseUrl;
  return stop;
}
