/**
 * How the bench starts the API: on PostgreSQL with limits raised, the Paystack and VTU sandboxes, and
 * texts sent to `smsUrl` when given (the app's SMS sandbox otherwise). Not in production mode, which
 * refuses sandbox keys; nothing else about the server differs between modes.
 */
export function apiEnv(databaseUrl: string, providers: { smsUrl?: string } = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    // A provider in its own process (bench/sms-provider.ts), as Termii is.
    ...(providers.smsUrl ? { SMS_BASE_URL: providers.smsUrl } : {}),
    NODE_ENV: 'development',
    // Request logs are a deployment's choice of sink; the bench measures the app, not stdout.
    LOG_LEVEL: 'warn',
    // The credential limits would otherwise turn the login scenario into a 429 benchmark.
    RATE_LIMIT_AUTH_PER_IP: '100000000',
    RATE_LIMIT_AUTH_PER_EMAIL: '100000000',
  };
}
