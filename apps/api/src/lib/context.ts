import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../platform/jobs/queue';
import type { Metrics } from '../platform/metrics/metrics';
import type { Mailer } from '../platform/mail/mailer';
import type { PaystackClient } from '../platform/paystack/client';
import type { SmsClient } from '../platform/sms/client';
import type { VtuClient } from '../platform/vtu/client';
import type { ImageStore } from '../platform/storage/images';
import type { Config } from './config';
import type { Database, Db } from '../db/client';

/** What every module's routes and services are given: one place to swap a dependency in tests. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  images: ImageStore;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  metrics: Metrics;
  paystack: PaystackClient;
  vtu: VtuClient;
  sms: SmsClient;
  /** The address e-mails link to. */
  publicUrl: string;
  /**
   * How this process reaches itself over loopback (the sandboxes' base URL and webhook target).
   * Known once the server listens; see `setInternalUrl`.
   */
  internalUrl: () => string;
  setInternalUrl: (url: string) => void;
};
