// `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) on the built app, 3 runs per
// page, median of each figure; exits non-zero when a median misses an enforced target (LIGHTHOUSE_ENFORCE),
// a timed one (performance, LCP, TBT) only when a second set of runs of that page misses it too.
// Builds nothing: run `npm run build` first. Starts the app like e2e/global-setup.ts does.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { API_ENTRY, API_NODE_ARGS, freePort } from './api-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const DEMO_CUSTOMER = { email: 'ada@ruwa.local', password: 'ruwa-demo-2026' };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium starts a spare renderer process during each navigation, for the next one; on a 2-core
  // machine its start-up competes with the page being measured (puppeteer merges this list with its
  // own disabled features).
  // Chromium also preloads its own omnibox popup (a WebUI renderer) in the background; without these
  // four features it did, taking up to 700 ms of CPU while the page loaded.
  '--disable-features=SpareRendererForSitePerProcess,PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

/** Medians must meet these; `better` says which direction passes. */
const TARGETS = {
  performance: { limit: 95, better: 'higher', format: (v) => v.toFixed(0) },
  lcpMs: { limit: 2000, better: 'lower', format: (v) => `${(v / 1000).toFixed(2)} s` },
  tbtMs: { limit: 150, better: 'lower', format: (v) => `${v.toFixed(0)} ms` },
  cls: { limit: 0.05, better: 'lower', format: (v) => v.toFixed(3) },
  accessibility: { limit: 95, better: 'higher', format: (v) => v.toFixed(0) },
};

/**
 * Which targets fail the run: all of them, unless LIGHTHOUSE_ENFORCE names some (comma-separated
 * keys of TARGETS). The others are still measured and printed as below target.
 */
const ENFORCED = new Set(
  process.env.LIGHTHOUSE_ENFORCE
    ? process.env.LIGHTHOUSE_ENFORCE.split(',').map((k) => k.trim())
    : Object.keys(TARGETS),
);
/**
 * The targets that time the page. This shared machine's speed drifts between minutes (docs/performance.md),
 * so when a median misses one of them the page is measured again, another RUNS runs,
 * and the target fails only when that set's median misses it too.
 */
const TIMED = ['performance', 'lcpMs', 'tbtMs'];
const meets = (key, value) =>
  TARGETS[key].better === 'higher' ? value >= TARGETS[key].limit : value <= TARGETS[key].limit;

/** How a target reads in the table and in a failure, e.g. `<= 150 ms`. */
const targetText = (key) =>
  `${TARGETS[key].better === 'higher' ? '>=' : '<='} ${TARGETS[key].format(TARGETS[key].limit)}`;

for (const key of ENFORCED) {
  if (!(key in TARGETS))
    throw new Error(`LIGHTHOUSE_ENFORCE: unknown target "${key}" (known: ${Object.keys(TARGETS).join(', ')})`);
}

/**
 * A core of its own for the page being measured. Lighthouse's simulation multiplies the wall time of
 * the page's main-thread tasks by 4, waiting for a CPU included; on a 2-core machine that thread
 * otherwise waits for the browser's other processes, the app server and Lighthouse itself
 * (docs/decisions/010), so TBT timed the rig as much as the page. With `taskset` (Linux), this process, and so
 * the app server and the browser it starts, keeps off the last core, and the page's renderer runs
 * there without the rest of the rig (placeProcesses). Without `taskset`, or on one core, nothing is
 * pinned and the table says so.
 */
const CORES = availableParallelism();
const PINNING = CORES >= 2 && spawnSync('taskset', ['--version']).status === 0;
const PAGE_CORE = String(CORES - 1);
const RIG_CORES = `0-${CORES - 2}`;

/**
 * Pins the threads of a process, one at a time, skipping those in `done` and adding the rest to it:
 * `taskset --all-tasks` fails as a whole when one thread exits between its listing and its pinning,
 * which Chromium's short-lived threads do. A thread (or process) that has exited, or is exiting,
 * meanwhile has nothing left to pin.
 */
function setCores(pid, cores, done = new Set()) {
  let threads = [];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return; // exited
  }
  for (const tid of threads) {
    if (done.has(tid)) continue;
    try {
      execFileSync('taskset', ['--pid', '--cpu-list', cores, tid], { stdio: 'ignore' });
    } catch (error) {
      if (!exiting(`/proc/${pid}/task/${tid}`)) throw error;
    }
    done.add(tid);
  }
}

/** Whether a thread is gone or a zombie (state Z or X in its stat line, after the parenthesised name). */
function exiting(taskDir) {
  try {
    return /^[ZX]/.test(readFileSync(`${taskDir}/stat`, 'utf8').split(') ')[1]);
  } catch {
    return true;
  }
}

/** The processes below `browserPid`, from /proc: pid and command line. */
function descendants(browserPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field of /proc/PID/stat, after the command name in parentheses.
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      children.set(ppid, [...(children.get(ppid) ?? []), { pid: Number(entry), args }]);
    } catch {
      // exited while being read
    }
  }
  const found = [];
  const visit = (pid) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      visit(child.pid);
    }
  };
  visit(browserPid);
  return found;
}

/**
 * Keeps the page's core for the page and what it waits on. The zygotes go there so that a renderer
 * starts there, with the storage service they also fork (the page's first `localStorage` read waits
 * for it). Everything else a zygote forks goes back to the rig's cores as it appears: the GPU
 * process, busy compositing and taking Lighthouse's screenshots; the tracing service, which collects
 * Lighthouse's trace from every process (over a second of CPU per load, during it); and the renderer
 * of any Chromium page of its own (`--top-chrome-webui`). `placed` remembers the processes seen, and
 * the threads moved of those moved.
 */
function placeProcesses(browserPid, placed) {
  for (const { pid, args } of descendants(browserPid)) {
    if (!placed.has(pid)) {
      const storage = /--utility-sub-type=storage\.mojom\.StorageService\b/.test(args);
      const elsewhere =
        /--type=gpu-process\b|--top-chrome-webui\b/.test(args) || (/--type=utility\b/.test(args) && !storage);
      if (!elsewhere && (storage || /--type=(zygote|renderer)\b/.test(args))) setCores(pid, PAGE_CORE);
      placed.set(pid, elsewhere ? new Set() : null);
    }
    // A process moved off the zygote's core may have threads that started there before the move,
    // and start more from them afterwards (a thread inherits its starter's CPUs): each tick moves
    // the threads not moved yet. (The page's processes stay where they were forked, and so do theirs.)
    const moved = placed.get(pid);
    if (moved) setCores(pid, RIG_CORES, moved);
  }
}

/** Sets the niceness of every thread of a process (renice alone changes its first thread). */
function setNiceness(pid, niceness) {
  let threads = [];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return; // exited
  }
  spawnSync('renice', ['-n', String(niceness), '-p', ...threads], { stdio: 'ignore' });
}

async function startApp() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ruwa-lighthouse-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...API_NODE_ARGS, API_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    // Its own process group, so stopping it also stops anything it started.
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The server shares the rig's core with the browser, whose GPU process encodes a screenshot of
  // every frame for Lighthouse; at the same priority each file waited 50 to 225 ms for a CPU, and the
  // simulation adds that wait to every request. A phone does not share its CPU with the server, so
  // here the server goes first (when this user may raise priorities; otherwise nothing changes).
  setNiceness(server.pid, -10);
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { baseUrl, stop };
    if (Date.now() > deadline) {
      stop();
      throw new Error('the app did not become healthy within 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signs in through the API and answers what the web app keeps in localStorage (lib/session.ts). */
async function customerSession(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  if (!res.ok) throw new Error(`demo customer login failed: ${res.status} ${await res.text()}`);
  // The API answers { message, data } (DESIGN section 3).
  const { data } = await res.json();
  const { access_token: token, user } = data;
  return { token, user: JSON.stringify(user) };
}

class LighthouseRuntimeError extends Error {}

/**
 * How much of its tasks' wall time the page's main thread actually had a CPU for, from the trace
 * Lighthouse recorded: the sum of the thread time (`tdur`) and of the wall time (`dur`) of the
 * top-level tasks on the renderer thread that loaded `url`, from its navigation on. Lighthouse's
 * simulation multiplies the wall times by 4, so a main thread kept waiting by other processes on a
 * shared 2-core machine (the app server, Lighthouse itself, Chromium's other processes) inflates TBT
 * and LCP; this shows by how much. Answers null when the trace has no such navigation.
 */
function mainThreadTime(trace, url) {
  const events = trace?.traceEvents ?? [];
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!navigation) return null;
  let wallUs = 0;
  let cpuUs = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || e.pid !== navigation.pid || e.tid !== navigation.tid) continue;
    if (e.ts < navigation.ts) continue;
    wallUs += e.dur ?? 0;
    cpuUs += e.tdur ?? 0;
  }
  return wallUs > 0 ? { cpuMs: cpuUs / 1000, wallMs: wallUs / 1000 } : null;
}

/** One Lighthouse run in a fresh browser profile: cold HTTP cache, no service worker. */
async function runOnce(url, session) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROME_FLAGS,
    defaultViewport: null,
  });
  const placed = new Map();
  const place = () => placeProcesses(browser.process().pid, placed);
  if (PINNING) place();
  // Chromium starts processes throughout the run; each is placed within 50 ms of appearing.
  const placing = PINNING ? setInterval(place, 50) : null;
  try {
    const page = await browser.newPage();
    if (session) {
      // Written from a page of the same origin that the app never loads, so the HTTP cache stays cold.
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('user', s.user);
      }, session);
    }
    const result = await lighthouse(
      url,
      // The profile is new for each run (cold cache, empty storage), so Lighthouse's own storage reset,
      // which would also drop the session written above, is not needed.
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    const { lhr } = result;
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, name), result.report);
      // The trace too, to see which threads and processes took the time.
      writeFileSync(
        path.join(process.env.LIGHTHOUSE_REPORT_DIR, name.replace(/\.json$/, '.trace.json')),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`${url}: ${lhr.runtimeError.code}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(url).pathname) throw new Error(`${url} ended on ${finalPath}`);
    const audit = (id) => lhr.audits[id];
    return {
      mainThread: mainThreadTime(result.artifacts?.Trace, url),
      // Lighthouse's own measure of this machine's CPU speed at the time of the run (its simulation's
      // 4x CPU slowdown assumes at least 1000; higher is faster). On the shared CI machine it did not
      // tell its slow spells from its fast ones (docs/performance.md), but it shows a machine too
      // slow for Lighthouse's assumptions.
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
      figures: {
        performance: lhr.categories.performance.score * 100,
        lcpMs: audit('largest-contentful-paint').numericValue,
        tbtMs: audit('total-blocking-time').numericValue,
        cls: audit('cumulative-layout-shift').numericValue,
        accessibility: lhr.categories.accessibility.score * 100,
      },
      // What to fix when a run misses: failing audits that carry weight in a scored category.
      failing: Object.values(lhr.categories)
        .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
        .filter((a) => a.score !== null && a.score < 0.9)
        .map((a) => `${a.id} (${a.displayValue ?? a.score})`),
    };
  } finally {
    clearInterval(placing);
    await browser.close();
  }
}

/** Lighthouse asks to be run again when its trace is unusable (NO_NAVSTART, NO_FCP on a busy machine). */
async function runWithRetry(url, session, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, session);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === attempts) throw error;
      console.log(`  ${error.message}: running again`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The medians of RUNS runs of one page, each run's figures printed as it ends. */
async function measureSet(target) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const run = await runWithRetry(target.url, target.session);
    console.log(
      `  ${target.name} run ${i + 1}: ${Object.entries(run.figures)
        .map(([k, v]) => `${k} ${TARGETS[k].format(v)}`)
        .join(', ')}`,
    );
    if (run.mainThread)
      console.log(
        `    main thread: ${run.mainThread.cpuMs.toFixed(0)} ms on a CPU in ${run.mainThread.wallMs.toFixed(0)} ms of tasks (${((run.mainThread.cpuMs / run.mainThread.wallMs) * 100).toFixed(0)}%)`,
      );
    if (run.benchmarkIndex !== null) console.log(`    host CPU benchmark index: ${run.benchmarkIndex.toFixed(0)}`);
    if (run.failing.length) console.log(`    audits below 0.9: ${run.failing.join(', ')}`);
    runs.push(run.figures);
  }
  return Object.fromEntries(Object.keys(TARGETS).map((key) => [key, median(runs.map((r) => r[key]))]));
}

async function main() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('No web build: run `npm run build` first.');
  }
  if (PINNING) setCores(process.pid, RIG_CORES);
  const app = await startApp();
  const failures = [];
  const reported = [];
  const rows = [];
  try {
    const session = await customerSession(app.baseUrl);
    const pages = [
      { name: '/auth/login', url: `${app.baseUrl}/auth/login`, session: null },
      { name: '/home (signed in)', url: `${app.baseUrl}/home`, session },
    ];
    for (const target of pages) {
      const first = await measureSet(target);
      rows.push({ name: target.name, medians: first });
      const timingMisses = TIMED.filter((key) => ENFORCED.has(key) && !meets(key, first[key]));
      let second = null;
      if (timingMisses.length) {
        console.log(`  ${target.name}: ${timingMisses.join(', ')} below target; measuring the page again`);
        second = await measureSet(target);
        rows.push({ name: `${target.name}, again`, medians: second });
      }
      for (const key of Object.keys(TARGETS)) {
        // A timed target fails only when the second set misses it too; the others are judged on the first.
        const missed = !meets(key, first[key]) && (!second || !TIMED.includes(key) || !meets(key, second[key]));
        if (!missed) continue;
        const figures = second && TIMED.includes(key) ? [first[key], second[key]] : [first[key]];
        (ENFORCED.has(key) ? failures : reported).push(
          `${target.name}: ${key} ${figures.map(TARGETS[key].format).join(', then ')} (target ${targetText(key)})`,
        );
      }
    }
  } finally {
    app.stop();
  }

  const header = ['page', 'performance', 'LCP', 'TBT', 'CLS', 'accessibility'];
  const body = rows.map(({ name, medians }) => [
    name,
    ...Object.keys(TARGETS).map((key) => TARGETS[key].format(medians[key])),
  ]);
  const targetRow = ['target', ...Object.keys(TARGETS).map(targetText)];
  const table = [header, ...body, targetRow];
  const widths = header.map((_, col) => Math.max(...table.map((row) => row[col].length)));
  console.log(
    `\nLighthouse ${RUNS} runs per page, medians (mobile, simulated throttling, ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}, ${PINNING ? `the page's renderer alone on CPU ${PAGE_CORE} of ${CORES}` : 'no CPU pinning'})`,
  );
  for (const row of table) console.log(`| ${row.map((cell, col) => cell.padEnd(widths[col])).join(' | ')} |`);
  if (reported.length)
    console.log(
      `\nBelow target, not enforced (LIGHTHOUSE_ENFORCE=${[...ENFORCED].join(',')}):\n  ${reported.join('\n  ')}`,
    );
  if (failures.length) {
    console.error(`\nBelow target:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
