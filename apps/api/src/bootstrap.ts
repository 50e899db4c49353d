import path from 'node:path';
import { publicUrl, type Config } from './lib/config';
import type { AppContext } from './lib/context';
import { createLogger } from './lib/logger';
import { connectDatabase, type Database } from './db/client';
import { registerAuthJobs } from './modules/auth/jobs';
import { registerEventJobs } from './modules/events/jobs';
import { registerReconciliationJobs } from './modules/reconciliation/jobs';
import { registerDeliveryJobs } from './modules/delivery/jobs';
import { registerDeliveryHandlers } from './modules/delivery/service';
import { registerOrderJobs } from './modules/orders/jobs';
import { registerOrderPurposes } from './modules/orders/service';
import { registerPaymentJobs } from './modules/payments/jobs';
import { registerVtuJobs } from './modules/vtu/jobs';
import { ensureDataBundles, registerVtuPurposes } from './modules/vtu/service';
import { registerWalletJobs } from './modules/wallet/jobs';
import { registerLedgerJobs } from './modules/ledger/jobs';
import { registerNotificationJobs } from './modules/notifications/service';
import { registerWalletPurposes } from './modules/wallet/service';
import { inProcessQueue, pgBossQueue } from './platform/jobs/queue';
import { outboxMailer, smtpMailer } from './platform/mail/mailer';
import { createMetrics } from './platform/metrics/metrics';
import { PaystackClient } from './platform/paystack/client';
import { diskImageStore } from './platform/storage/images';
import { SmsClient } from './platform/sms/client';
import { s3ImageStore } from './platform/storage/s3';
import { VtuClient } from './platform/vtu/client';

/** Paystack's own API, used with live keys unless PAYSTACK_BASE_URL says otherwise. */
export const PAYSTACK_API_URL = 'https://api.paystack.co';

/** Wires the context every module receives. Migrations are applied here, before anything serves. */
export async function createContext(config: Config, database?: Database): Promise<AppContext> {
  const log = createLogger(config.LOG_LEVEL);
  const db = database ?? (await connectDatabase(config));
  await db.migrate();
  let internalUrl = `http://127.0.0.1:${config.PORT}`;
  const metrics = createMetrics();
  const ctx: AppContext = {
    config,
    database: db,
    db: db.db,
    mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : outboxMailer(db.db),
    images: config.s3 ? s3ImageStore(config.s3) : diskImageStore(path.resolve(config.DATA_DIR, 'uploads')),
    jobs: db.pool ? pgBossQueue(db.pool, log) : inProcessQueue(log),
    log,
    metrics,
    paystack: new PaystackClient(
      () => config.PAYSTACK_BASE_URL ?? (config.sandbox ? `${internalUrl}/sandbox/paystack` : PAYSTACK_API_URL),
      config.PAYSTACK_SECRET_KEY,
      config.PROVIDER_TIMEOUT_MS,
      metrics.providerObserver('paystack'),
    ),
    vtu: new VtuClient(
      () => config.VTU_BASE_URL ?? `${internalUrl}/sandbox/vtu/api`,
      {
        apiKey: config.VTU_API_KEY,
        secretKey: config.VTU_SECRET_KEY,
        publicKey: config.VTU_PUBLIC_KEY,
      },
      config.PROVIDER_TIMEOUT_MS,
      metrics.providerObserver('vtu'),
    ),
    sms: new SmsClient(
      () => config.SMS_BASE_URL ?? `${internalUrl}/sandbox/sms`,
      config.SMS_API_KEY,
      config.SMS_SENDER_ID,
      config.PROVIDER_TIMEOUT_MS,
      metrics.providerObserver('sms'),
    ),
    publicUrl: publicUrl(config),
    internalUrl: () => internalUrl,
    setInternalUrl: (url) => {
      internalUrl = url;
    },
  };
  metrics.readQueueDepthFrom(() => ctx.jobs.depth());
  registerJobs(ctx);
  await ensureDataBundles(ctx.db);
  return ctx;
}

/** Every module's background work and what a payment can buy, declared in one place. */
function registerJobs(ctx: AppContext) {
  registerAuthJobs(ctx);
  registerEventJobs(ctx);
  registerPaymentJobs(ctx);
  registerReconciliationJobs(ctx);
  registerOrderJobs(ctx);
  registerDeliveryJobs(ctx);
  registerOrderPurposes();
  registerDeliveryHandlers();
  registerWalletJobs(ctx);
  registerLedgerJobs(ctx);
  registerNotificationJobs(ctx);
  registerWalletPurposes();
  registerVtuJobs(ctx);
  registerVtuPurposes();
}
