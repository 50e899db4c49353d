/** How the bench starts the API: production mode on PostgreSQL, sandbox providers, limits raised. */
export function apiEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    // Request logs are a deployment's choice of sink; the bench measures the app, not stdout.
    LOG_LEVEL: 'warn',
    // The credential limits would otherwise turn the login scenario into a 429 benchmark.
    RATE_LIMIT_AUTH_PER_IP: '100000000',
    RATE_LIMIT_AUTH_PER_EMAIL: '100000000',
  };
}
