/**
 * Runtime configuration. The server answers /env.js with `window.__RUWA_ENV__ = {...}` so one build
 * runs in every environment; the VITE_* variables are the fallback for `vite dev` without the API.
 */
export type Env = {
  /** Base URL every API path is joined to, e.g. "/api". */
  apiUrl: string;
  paystackPublicKey: string;
  paystackInlineUrl: string;
};

export type RawEnv = {
  apiUrl?: unknown;
  paystackPublicKey?: unknown;
  paystackInlineUrl?: unknown;
};

export const INVALID_ENV_MESSAGE = 'Invalid environment variables';
const DEFAULT_PAYSTACK_INLINE_URL = 'https://js.paystack.co/v2/inline.js';

export class InvalidEnvError extends Error {
  constructor(readonly missing: string[]) {
    super(INVALID_ENV_MESSAGE);
    this.name = 'InvalidEnvError';
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Validates raw values (runtime first, then build-time fallback); throws InvalidEnvError. */
export function parseEnv(runtime: RawEnv | undefined, fallback: RawEnv = {}): Env {
  const pick = (key: keyof RawEnv) => text(runtime?.[key]) || text(fallback[key]);
  const env: Env = {
    apiUrl: pick('apiUrl'),
    paystackPublicKey: pick('paystackPublicKey'),
    paystackInlineUrl: pick('paystackInlineUrl') || DEFAULT_PAYSTACK_INLINE_URL,
  };
  const missing = (['apiUrl', 'paystackPublicKey'] as const).filter((key) => env[key] === '');
  if (missing.length > 0) throw new InvalidEnvError(missing);
  return env;
}

function buildTimeEnv(): RawEnv {
  return {
    apiUrl: import.meta.env.VITE_API_URL,
    paystackPublicKey: import.meta.env.VITE_PAYSTACK_PUBLIC_KEY,
    paystackInlineUrl: import.meta.env.VITE_PAYSTACK_INLINE_URL,
  };
}

let current: Env | undefined;

/** Reads and validates the configuration now (at start-up); throws InvalidEnvError. */
export function loadEnv(): Env {
  current = parseEnv(window.__RUWA_ENV__, buildTimeEnv());
  return current;
}

/** The validated configuration; loads it on first use. */
export function getEnv(): Env {
  return current ?? loadEnv();
}
