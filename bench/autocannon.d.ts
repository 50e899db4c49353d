// The slice of autocannon 9's API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    excludeErrorStats?: boolean;
  };

  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
    '2xx': number;
  };

  type Instance = EventEmitter & Promise<Result> & { stop(): void };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
