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

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: optionalUrl,
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 * 1024),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_AUTH_PER_EMAIL: z.coerce.number().int().positive().default(10),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Ruwa <no-reply@ruwa.local>'),
  WEB_DIST_DIR: z.string().optional(),
  PAYSTACK_BASE_URL: optionalUrl,
  PAYSTACK_SECRET_KEY: z.string().default('sk_test_sandbox'),
  PAYSTACK_PUBLIC_KEY: z.string().default('pk_test_sandbox'),
  PAYSTACK_INLINE_URL: z.string().default('/sandbox/paystack/inline.js'),
  VTU_BASE_URL: optionalUrl,
  VTU_API_KEY: z.string().default('vtu_sandbox_api_key'),
  VTU_SECRET_KEY: z.string().default('vtu_sandbox_secret_key'),
  VTU_PUBLIC_KEY: z.string().default('vtu_sandbox_public_key'),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SANDBOX_FAULTS: z.enum(['0', '1']).optional(),
  RUWA_TEST_CRASH_AT: z.enum(['after-verify', 'before-commit']).optional(),
});

/** Every environment variable the API reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape);

export type Config = z.infer<typeof configSchema> & {
  /** True when no real Paystack keys are set: its sandbox is mounted and used. */
  sandbox: boolean;
  /** True when no VTU provider is configured: the VTU sandbox is mounted and used. */
  vtuSandbox: boolean;
  /** True when the sandboxes can be told to fail (`POST /sandbox/faults`): tests, or SANDBOX_FAULTS=1. */
  sandboxFaults: boolean;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message.toLowerCase()}`);
  }
  const config = parsed.data;
  if (config.SANDBOX_FAULTS === '1' && config.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration: SANDBOX_FAULTS must not be set when NODE_ENV is production');
  }
  return {
    ...config,
    // A crash point is a test's tool; anywhere else the variable means nothing.
    RUWA_TEST_CRASH_AT: config.NODE_ENV === 'test' ? config.RUWA_TEST_CRASH_AT : undefined,
    sandbox: config.PAYSTACK_SECRET_KEY.startsWith('sk_test_sandbox'),
    vtuSandbox: !config.VTU_BASE_URL,
    sandboxFaults: config.NODE_ENV === 'test' || config.SANDBOX_FAULTS === '1',
  };
}

/** The address the app is reached at, used in e-mails and provider callbacks. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
