import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
 * The run's shared state: the axe-core register. Each worker starts its own app (support.ts), unless
 * E2E_BASE_URL points the suite at a running one.
 */
export default function globalSetup() {
  return startAxeRegistry();
}
