import type pg from 'pg';
import PgBoss from 'pg-boss';
import { JOB_QUEUE_SETUP_LOCK_KEY, withAdvisoryLock } from '../../db/client';

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;
type Logger = { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };

/**
 * Background work. On PostgreSQL it is pg-boss, so any number of API instances share one queue safely.
 * PGlite has a single in-process connection that pg-boss cannot use, so the embedded setup runs the
 * same handlers in-process with the same interface (one instance only, which is all PGlite supports).
 */
export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  /** Declares a queue and its handler. Call before start(). */
  work(name: string, handler: JobHandler): void;
  /** Runs `name` every `minutes` minutes (1..60). */
  every(name: string, minutes: number): void;
  send(name: string, data?: Record<string, unknown>): Promise<void>;
  /** Jobs waiting to run (the metrics' queue depth). */
  depth(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How often each pg-boss worker asks for work. Every job here is scheduled, each minute at the most
 * often, or sent, and a sent job wakes its worker on the sending instance at once (send()), so ten
 * seconds is soon enough. Polling every second put six fetch queries on the HTTP pool at the same
 * instant each second, and those bursts set the API's p99 under load: at a steady 500 req/s
 * the orders list's p99 had a median of 54 ms over 8 windows with 1 s polling, 32 ms with 10 s and
 * 26 ms with no workers (docs/decisions/011).
 */
const POLLING_SECONDS = 10;

export function pgBossQueue(pool: pg.Pool, log: Logger, options: { pollingSeconds?: number } = {}): JobQueue {
  const pollingIntervalSeconds = options.pollingSeconds ?? POLLING_SECONDS;
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, number>();
  const workers = new Map<string, string>();
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values as unknown[]) },
    schema: 'pgboss',
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  let started = false;

  return {
    kind: 'pg-boss',
    work: (name, handler) => void handlers.set(name, handler),
    every: (name, minutes) => void schedules.set(name, minutes),
    async send(name, data = {}) {
      await boss.send(name, data);
      // A job sent from here starts here at once, not at this worker's next poll; the other
      // instances' workers still find it by polling if this one is busy.
      const worker = workers.get(name);
      if (started && worker) boss.notifyWorker(worker);
    },
    async depth() {
      if (!started) throw new Error('the job queue has not started');
      const sizes = await Promise.all([...handlers.keys()].map((name) => boss.getQueueSize(name)));
      return sizes.reduce((sum, size) => sum + size, 0);
    },
    async start() {
      // pg-boss creates its schema and one table per queue; instances starting together do that one
      // at a time (two at once were seen to deadlock and stop one instance).
      await withAdvisoryLock(pool, JOB_QUEUE_SETUP_LOCK_KEY, async () => {
        await boss.start();
        for (const name of handlers.keys()) await boss.createQueue(name);
        for (const [name, minutes] of schedules) {
          await boss.schedule(name, minutes >= 60 ? '0 * * * *' : `*/${minutes} * * * *`);
        }
      });
      for (const [name, handler] of handlers) {
        const worker = await boss.work(name, { pollingIntervalSeconds }, async (jobs) => {
          for (const job of jobs) await handler(job.data as Record<string, unknown>);
        });
        workers.set(name, worker);
      }
      started = true;
    },
    async stop() {
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

export function inProcessQueue(log: Logger): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let started = false;

  const run = (name: string, data: Record<string, unknown>) => {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`No handler for job ${name}`);
    const task = handler(data)
      .catch((error: unknown) => log.error({ err: error, job: name }, 'job failed'))
      .finally(() => running.delete(task));
    running.add(task);
  };

  return {
    kind: 'in-process',
    work: (name, handler) => void handlers.set(name, handler),
    every: (name, minutes) => void schedules.set(name, minutes),
    async send(name, data = {}) {
      if (!handlers.has(name)) throw new Error(`No handler for job ${name}`);
      if (started) setImmediate(() => run(name, data));
    },
    // Jobs run as soon as they are sent, so the ones under way are all that waits.
    depth: async () => running.size,
    async start() {
      started = true;
      for (const [name, minutes] of schedules) {
        const timer = setInterval(() => run(name, {}), minutes * 60_000);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      started = false;
      timers.forEach(clearInterval);
      await Promise.allSettled([...running]);
    },
  };
}

type SoonSender = { last: number; due: NodeJS.Timeout | undefined };
const soonSenders = new WeakMap<JobQueue, Map<string, SoonSender>>();

/**
 * Asks for `name` to run soon, for a job that works through everything waiting rather than one item:
 * from this instance at most one send per `windowMs`. A request inside the window is folded into
 * one send at the window's end, so every request is still followed by a run that starts after it,
 * and a busy minute queues a job a second instead of one per request. Failures go to `onError`;
 * the job's schedule still runs it.
 */
export function sendSoon(queue: JobQueue, name: string, onError: (error: unknown) => void, windowMs = 1000): void {
  let senders = soonSenders.get(queue);
  if (!senders) soonSenders.set(queue, (senders = new Map()));
  let sender = senders.get(name);
  if (!sender) senders.set(name, (sender = { last: Number.NEGATIVE_INFINITY, due: undefined }));
  if (sender.due) return;
  const send = (state: SoonSender) => {
    state.last = Date.now();
    queue.send(name).catch(onError);
  };
  const wait = sender.last + windowMs - Date.now();
  if (wait <= 0) return send(sender);
  const state = sender;
  state.due = setTimeout(() => {
    state.due = undefined;
    send(state);
  }, wait);
  state.due.unref();
}
