import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every setting the API reads, validated once at start. Defaults give the embedded setup
 * (PGlite, provider sandboxes, mail outbox) so `npm start` works with no configuration.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/** A setting that may be unset; empty means unset. */
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** The Paystack inline script browsers load when real keys are set. */
export const PAYSTACK_INLINE_URL_LIVE = 'https://js.paystack.co/v2/inline.js';
const SANDBOX_INLINE_URL = '/sandbox/paystack/inline.js';

/** An address (`10.0.0.1`, `::1`) or a CIDR range (`10.0.0.0/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For (and -Proto) to believe: none (the default, so a client cannot
 * choose the address rate limits count), a hop count (`1`: the one proxy in front), or a
 * comma-separated list of proxy addresses and CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .default('')
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.find((entry) => !isAddressOrRange(entry));
    if (bad === undefined) return entries;
    context.addIssue({
      code: 'custom',
      message: `must be a hop count or comma-separated addresses and CIDR ranges ("${bad}" is neither)`,
    });
    return z.NEVER;
  });

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).optional(),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: optionalUrl,
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: trustProxy,
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 * 1024),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(60).default(20),
  RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_AUTH_PER_EMAIL: z.coerce.number().int().positive().default(10),
  /** Password checks by a signed-in user (wallet PIN, password, e-mail or phone change, two-factor off) per 15 minutes. */
  RATE_LIMIT_PASSWORD_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_PASSWORD_PER_IP: z.coerce.number().int().positive().default(20),
  /** Bank account name look-ups (resolve, and saving an account) per customer; a kept answer does not count. */
  RATE_LIMIT_BANK_RESOLVE_PER_MINUTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_BANK_RESOLVE_PER_DAY: z.coerce.number().int().positive().default(50),
  /** Support cases a customer may open per hour (a burst of reports is noise the team must read). */
  RATE_LIMIT_SUPPORT_CASES_PER_HOUR: z.coerce.number().int().positive().default(5),
  /**
   * Whether an admin must have two-factor sign-in set up before the API serves them anything but its
   * setup; unset, `required` in production and `optional` elsewhere.
   */
  ADMIN_TWO_FACTOR: z.enum(['required', 'optional']).optional(),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Ruwa <no-reply@ruwa.local>'),
  WEB_DIST_DIR: z.string().optional(),
  PAYSTACK_BASE_URL: optionalUrl,
  PAYSTACK_SECRET_KEY: z.string().default('sk_test_sandbox'),
  PAYSTACK_PUBLIC_KEY: z.string().default('pk_test_sandbox'),
  /** The bank customers' dedicated transfer accounts are opened at (Paystack's provider slug). */
  PAYSTACK_DVA_BANK: z.string().trim().min(1).default('wema-bank'),
  /** Default: the sandbox's script with the sandbox key, Paystack's own with real keys. */
  PAYSTACK_INLINE_URL: z.string().trim().optional(),
  VTU_BASE_URL: optionalUrl,
  VTU_API_KEY: z.string().default('vtu_sandbox_api_key'),
  VTU_SECRET_KEY: z.string().default('vtu_sandbox_secret_key'),
  VTU_PUBLIC_KEY: z.string().default('vtu_sandbox_public_key'),
  SMS_BASE_URL: optionalUrl,
  SMS_API_KEY: z.string().default('sms_sandbox_api_key'),
  /** The sender ID registered with the SMS provider: 3 to 11 letters, digits or spaces. */
  SMS_SENDER_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, 'must be 3 to 11 letters, digits or spaces')
    .default('Ruwa'),
  // Web Push (VAPID): both keys or neither. Unset outside production, the app makes a pair once and
  // keeps it in the database; unset in production, push alerts are off.
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  /** Who push services may contact about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: optionalText,
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SANDBOX_FAULTS: z.enum(['0', '1']).optional(),
  /** Mounts GET /metrics (Prometheus), readable with this bearer token; unset, there is none. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.string().min(24, 'must be at least 24 characters').optional())
    .optional(),
  RUWA_TEST_CRASH_AT: z.enum(['after-verify', 'before-commit']).optional(),
  // Uploaded images in S3-compatible object storage (AWS S3, Cloudflare R2, MinIO) instead of
  // DATA_DIR/uploads, so every instance serves every upload; all or none (see s3Settings).
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).optional(),
  S3_PUBLIC_URL: optionalUrl,
});

/** Every environment variable the API reads (docs/configuration.md lists each). */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape);

/** Where uploaded images go when S3_* is set; see docs/configuration.md. */
export type S3Settings = {
  bucket: string;
  region: string;
  /** Unset for AWS S3 itself; the address of R2, MinIO or another S3-compatible service. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` addresses rather than `bucket.endpoint/key` (MinIO, most local servers). */
  forcePathStyle: boolean;
  /** Where the bucket's objects are publicly readable, without a trailing slash; unset, the API serves them at /uploads. */
  publicUrl?: string;
};

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type Config = Omit<z.infer<typeof configSchema>, 'HOST' | 'PAYSTACK_INLINE_URL' | 'ADMIN_TWO_FACTOR'> & {
  HOST: string;
  PAYSTACK_INLINE_URL: string;
  ADMIN_TWO_FACTOR: 'required' | 'optional';
  /** Object storage for uploads when S3_* is set; null keeps them on disk in DATA_DIR/uploads. */
  s3: S3Settings | null;
  /** True when no real Paystack keys are set: its sandbox is mounted and used. */
  sandbox: boolean;
  /** True when no VTU provider is configured: the VTU sandbox is mounted and used. */
  vtuSandbox: boolean;
  /** True when no SMS provider is configured: the SMS sandbox (an outbox) is mounted and used. */
  smsSandbox: boolean;
  /** Keys pushes are signed with: configured, generated (`'generated'`), or null when push is off. */
  vapid: VapidSettings;
  /** True when the sandboxes can be told to fail (`POST /sandbox/faults`): tests, or SANDBOX_FAULTS=1. */
  sandboxFaults: boolean;
  /** What the start logs as a warning: settings that work but will surprise an operator later. */
  warnings: string[];
};

/**
 * What stops the start: every problem found, one line each, so an operator fixes them all in one
 * go instead of meeting them one restart at a time.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  let parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const invalid = new Set<string>();
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? 'environment');
      if (invalid.has(variable)) continue;
      invalid.add(variable);
      problems.push(`Invalid configuration: ${variable} ${issue.message.toLowerCase()}`);
    }
    // The rest is still checked, with each invalid variable as if unset, so one report names everything.
    parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([name]) => !invalid.has(name))));
    if (!parsed.success) throw new ConfigError(problems);
  }
  const config = parsed.data;
  const sandbox = config.PAYSTACK_SECRET_KEY.startsWith('sk_test_sandbox');
  const s3 = s3Settings(config, problems);
  const resolved: Config = {
    ...config,
    // Outside production the sandboxes are mounted (the mail and SMS outboxes hold reset links and
    // codes), so a development server answers this machine only unless HOST says otherwise.
    HOST: config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    PAYSTACK_INLINE_URL: config.PAYSTACK_INLINE_URL || (sandbox ? SANDBOX_INLINE_URL : PAYSTACK_INLINE_URL_LIVE),
    // An admin session is the keys to every customer's money: production asks for a second factor.
    ADMIN_TWO_FACTOR: config.ADMIN_TWO_FACTOR ?? (config.NODE_ENV === 'production' ? 'required' : 'optional'),
    // A crash point is a test's tool; anywhere else the variable means nothing.
    RUWA_TEST_CRASH_AT: config.NODE_ENV === 'test' ? config.RUWA_TEST_CRASH_AT : undefined,
    sandbox,
    vtuSandbox: !config.VTU_BASE_URL,
    smsSandbox: !config.SMS_BASE_URL,
    sandboxFaults: config.NODE_ENV === 'test' || config.SANDBOX_FAULTS === '1',
    s3,
    vapid: vapidSettings(config, problems),
    warnings: configWarnings(config, s3),
  };
  const refusals = resolved.NODE_ENV === 'production' ? productionRefusals(resolved, config.PAYSTACK_INLINE_URL) : [];
  problems.push(...refusals.map((refusal) => `${PRODUCTION_REFUSAL} ${refusal}`));
  if (problems.length) throw new ConfigError(problems);
  return resolved;
}

/** How each line that stops a production start begins. */
export const PRODUCTION_REFUSAL = 'Refusing to start in production:';

/**
 * What works but will surprise later: several instances on one PostgreSQL each keep their own
 * uploads on their own disk, so an image uploaded through one is missing from the others.
 */
function configWarnings(config: z.infer<typeof configSchema>, s3: S3Settings | null): string[] {
  const warnings: string[] = [];
  if (config.DATABASE_URL && !s3)
    warnings.push(
      `DATABASE_URL is set (a PostgreSQL several instances can share) but S3_* is not: uploaded images are kept on this instance's disk (${config.DATA_DIR}/uploads) and other instances will not serve them. Set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to keep them in object storage.`,
    );
  return warnings;
}

/** The VAPID keys (base64url, as `web-push generate-vapid-keys` prints them) and the contact subject. */
export type VapidSettings = { subject: string; keys: { publicKey: string; privateKey: string } | 'generated' | null };

function vapidSettings(config: z.infer<typeof configSchema>, problems: string[]): VapidSettings {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    const missing = publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    problems.push(`Invalid configuration: ${missing} is not set; Web Push needs both VAPID keys or neither.`);
  }
  if (config.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(config.VAPID_SUBJECT)) {
    problems.push('Invalid configuration: VAPID_SUBJECT must be a mailto: or https:// address.');
  }
  const httpsUrl = config.PUBLIC_URL?.startsWith('https://') ? config.PUBLIC_URL : undefined;
  const subject = config.VAPID_SUBJECT ?? httpsUrl ?? 'mailto:support@ruwa.local';
  if (publicKey && privateKey) return { subject, keys: { publicKey, privateKey } };
  return { subject, keys: config.NODE_ENV === 'production' ? null : 'generated' };
}

/**
 * Object storage is all or nothing: a bucket without its keys (or keys without a bucket) would fail
 * at the first upload, long after the start, so a partial set stops the start naming what is missing.
 */
function s3Settings(config: z.infer<typeof configSchema>, problems: string[]): S3Settings | null {
  const given = S3_VARIABLES.find((name) => config[name] !== undefined);
  if (!given) return null;
  const missing = S3_REQUIRED.filter((name) => config[name] === undefined);
  for (const name of missing)
    problems.push(
      `Invalid configuration: ${name} is not set; with ${given} set, uploads go to object storage, which needs ${S3_REQUIRED.join(', ')}.`,
    );
  // The pages' Content-Security-Policy loads images from the API's own origin or over https only.
  if (config.S3_PUBLIC_URL && new URL(config.S3_PUBLIC_URL).protocol !== 'https:') {
    problems.push(
      'Invalid configuration: S3_PUBLIC_URL must start with https:// (or stay unset: the API then serves uploads).',
    );
  }
  if (missing.length) return null;
  return {
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION ?? 'us-east-1',
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === '1',
    publicUrl: config.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/**
 * Production serves real money, so it never runs on a sandbox or without a way to reach people:
 * a sandbox key would let anyone mark a payment paid, and without SMTP or an SMS provider the
 * password-reset links and phone codes would sit in an outbox anyone could read; the demo accounts'
 * passwords are printed in the README. Answers every unsafe setting, each naming its variable.
 */
function productionRefusals(config: Config, inlineUrlSet: string | undefined): string[] {
  const refusals: string[] = [];
  if (config.sandbox) refusals.push('PAYSTACK_SECRET_KEY is the sandbox key; set your Paystack secret key.');
  if (config.PAYSTACK_PUBLIC_KEY.startsWith('pk_test_sandbox'))
    refusals.push('PAYSTACK_PUBLIC_KEY is the sandbox key; set your Paystack public key.');
  // Set, not derived: with the sandbox key the derived script is the sandbox's, said once above.
  if (inlineUrlSet?.startsWith('/sandbox'))
    refusals.push("PAYSTACK_INLINE_URL points at the sandbox; leave it unset for Paystack's own script.");
  if (config.vtuSandbox) refusals.push("VTU_BASE_URL is not set; set your VTU provider's API address.");
  const vtuKeys = {
    VTU_API_KEY: config.VTU_API_KEY,
    VTU_SECRET_KEY: config.VTU_SECRET_KEY,
    VTU_PUBLIC_KEY: config.VTU_PUBLIC_KEY,
  };
  for (const [name, value] of Object.entries(vtuKeys)) {
    if (value.startsWith('vtu_sandbox')) refusals.push(`${name} is the sandbox key; set your VTU provider's key.`);
  }
  if (config.smsSandbox) refusals.push("SMS_BASE_URL is not set; phone codes need your SMS provider's API address.");
  if (config.SMS_API_KEY.startsWith('sms_sandbox'))
    refusals.push("SMS_API_KEY is the sandbox key; set your SMS provider's key.");
  if (config.SANDBOX_FAULTS === '1') refusals.push('SANDBOX_FAULTS must not be set.');
  if (config.SEED_DEMO === '1')
    refusals.push('SEED_DEMO must not be set: the demo accounts it creates have published passwords.');
  if (!config.SMTP_URL) refusals.push('SMTP_URL is not set; e-mail (password resets) needs a mail server.');
  if (!config.PUBLIC_URL) refusals.push('PUBLIC_URL is not set; e-mailed links need the address customers use.');
  else if (new URL(config.PUBLIC_URL).protocol !== 'https:') refusals.push('PUBLIC_URL must start with https://.');
  return refusals;
}

/** The address the app is reached at, used in e-mails and provider callbacks. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
