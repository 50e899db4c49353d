import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The register of screen states axe-core has already checked in this run, shared by every spec file
 * and worker: one file per state in a directory e2e/global-setup.ts creates, named in this variable.
 */
export const AXE_REGISTRY_ENV = 'RUWA_E2E_AXE_REGISTRY';

/** Without the shared directory (a run without the global setup), this process's own register. */
const claimedHere = new Set<string>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One piece of an address with what differs from journey to journey taken out: ids (/orders/123 and
 * /orders/456 are one screen), UUIDs, e-mail addresses, dates, tokens and the random stamps the
 * journeys put in names and searches. Words such as `mtn`, `data` or `30d` stay.
 */
function normalizePart(value: string): string {
  if (UUID.test(value)) return ':uuid';
  if (value.includes('@')) return ':email';
  return value.replace(/[A-Za-z0-9_]+/g, (word) => {
    if (/^\d+$/.test(word)) return ':n';
    const randomLooking = word.length >= 6 && /\d/.test(word) && /[A-Za-z]/.test(word);
    return randomLooking || word.length >= 24 ? ':r' : word;
  });
}

function decoded(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A settled address as a screen: its path and query, each segment and value normalized. */
export function screenOf(url: URL): string {
  const pathname = url.pathname
    .split('/')
    .map((segment) => normalizePart(decoded(segment)))
    .join('/');
  const query = [...url.searchParams].map(([key, value]) => `${key}=${normalizePart(value)}`).join('&');
  return query ? `${pathname}?${query}` : pathname;
}

/** Who looks at a screen: signed out, or the shell a signed-in user sees it in. */
export type Viewer = 'signed-out' | 'customer' | 'agent' | 'admin';

/**
 * The viewer of a settled page, from the address's area (the app picks the admin, agent or customer
 * shell by the first segment) and the session the app keeps in localStorage. An admin is an admin in
 * any area: what they see in the customer area is not what a customer sees.
 */
export function viewerOf(url: URL, session: { signedIn: boolean; role: string | null }): Viewer {
  if (!session.signedIn) return 'signed-out';
  if (session.role === 'admin') return 'admin';
  const area = url.pathname
    .split('/')
    .find((segment) => segment !== '')
    ?.toLowerCase();
  return area === 'agent' ? 'agent' : 'customer';
}

export function screenStateKey(screen: string, viewer: Viewer, width: number): string {
  return `${viewer} ${width}px ${screen}`;
}

function fileFor(dir: string, key: string) {
  return path.join(dir, createHash('sha1').update(key).digest('hex'));
}

/** Whether some journey of this run has claimed the screen state (it checks it, or has). */
export function isClaimed(key: string): boolean {
  const dir = process.env[AXE_REGISTRY_ENV];
  return dir ? existsSync(fileFor(dir, key)) : claimedHere.has(key);
}

/**
 * Claims the screen state for the calling journey: true when no journey of this run has, and it is
 * now this journey's to check. The file is created exclusively, so of two workers only one wins.
 */
export function claim(key: string, by: string): boolean {
  const dir = process.env[AXE_REGISTRY_ENV];
  if (!dir) {
    if (claimedHere.has(key)) return false;
    claimedHere.add(key);
    return true;
  }
  try {
    writeFileSync(fileFor(dir, key), `${key}\n${by}\n`, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The register's own notes, apart from the claims (whose names are hashes). */
const WORK_LOG = '.work';

/** What one journey's check did: the addresses it opened, opened again, and checked with axe. */
export function recordAxeWork(work: { screens: number; opened: number; checked: number }) {
  const dir = process.env[AXE_REGISTRY_ENV];
  if (dir) appendFileSync(path.join(dir, WORK_LOG), `${JSON.stringify(work)}\n`);
}

/** The run's total, for the end of the run. */
export function axeWorkOf(dir: string) {
  const total = { journeys: 0, screens: 0, opened: 0, checked: 0 };
  if (!existsSync(path.join(dir, WORK_LOG))) return total;
  for (const line of readFileSync(path.join(dir, WORK_LOG), 'utf8').split('\n').filter(Boolean)) {
    const work = JSON.parse(line) as { screens: number; opened: number; checked: number };
    total.journeys += 1;
    total.screens += work.screens;
    total.opened += work.opened;
    total.checked += work.checked;
  }
  return total;
}
