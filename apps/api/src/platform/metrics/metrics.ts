import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** How a call to a provider ended: `ok`, or the provider error's reason (timeout, server_error...). */
export type ProviderCallObserver = (operation: string, outcome: string, seconds: number) => void;

/** A provider path as a metric label: its first two segments, without ids or the query string. */
export function providerOperation(path: string): string {
  return (path.split('?')[0] ?? '').split('/').filter(Boolean).slice(0, 2).join('/');
}

/**
 * The process's Prometheus metrics, in a registry of its own (tests build several apps in one
 * process). Request latency by route, job queue depth (read when scraped), provider call outcomes,
 * and Node's own process metrics.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpDuration = new Histogram({
    name: 'ruwa_http_request_duration_seconds',
    help: 'Time from request to reply, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'ruwa_provider_calls_total',
    help: 'Calls to Paystack, the VTU provider and the SMS provider, by operation and outcome.',
    labelNames: ['provider', 'operation', 'outcome'] as const,
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'ruwa_provider_call_duration_seconds',
    help: 'How long calls to Paystack, the VTU provider and the SMS provider took.',
    labelNames: ['provider', 'operation'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  let queueDepth: () => Promise<number> = async () => 0;
  new Gauge({
    name: 'ruwa_job_queue_depth',
    help: 'Background jobs waiting to run.',
    registers: [registry],
    async collect() {
      // A scrape must still answer when the queue cannot be read: the gauge then reads NaN.
      this.set(await queueDepth().catch(() => Number.NaN));
    },
  });

  return {
    registry,
    observeRequest(method: string, route: string, statusCode: number, seconds: number) {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    providerObserver(provider: 'paystack' | 'vtu' | 'sms'): ProviderCallObserver {
      return (operation, outcome, seconds) => {
        providerCalls.inc({ provider, operation, outcome });
        providerDuration.observe({ provider, operation }, seconds);
      };
    },
    /** Where the queue depth comes from (the job queue exists after the metrics). */
    readQueueDepthFrom(read: () => Promise<number>) {
      queueDepth = read;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
