import type { Envelope } from '@ruwa/contract';
import { takeEarlyResponse } from './early-requests';
import { getEnv } from './env';
import { getToken } from './session';

/** A failed call: the HTTP status (0 when the network failed), the server's message, field errors. */
export class ApiError extends Error {
  readonly status: number;
  /** 422 only: payload field name -> messages, first one first. */
  readonly errors: Record<string, string[]>;
  /** A machine-readable reason some answers carry, e.g. 'possible_duplicate', 'insufficient_balance'. */
  readonly code: string | undefined;
  /** 429 only: how many seconds the server asked to wait (its Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message: string,
    errors: Record<string, string[]> = {},
    code?: string,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get isValidation(): boolean {
    return this.status === 422;
  }

  /** The first message for one field, as the forms show it. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
};

// A copy of API_ERROR_CODES.twoFactorRequired, so the first screen does not load the contract (zod).
const TWO_FACTOR_REQUIRED = 'two_factor_required';
/** Announced on window with the refused token; the admin area, which alone can meet it, listens. */
export const TWO_FACTOR_REQUIRED_EVENT = TWO_FACTOR_REQUIRED;

export const NETWORK_ERROR_MESSAGE = 'We could not reach Ruwa. Check your connection and try again.';

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler = () => {
  // The app registers the real handler (clear the session, go to the login screen) at start-up.
};

/**
 * Called when a request that carried the bearer token is answered 401, or 403 without a `code` (a
 * 403 that names its reason, such as 'phone_unverified', is for the screen to explain, not the end
 * of the session). Returns a function that restores the previous handler.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    onUnauthorized = previous;
  };
}

/**
 * Empty and false filter values are dropped; true is sent as 1, the way the API's
 * filters (enabled=1, properties=1) expect it.
 */
export function toSearchParams(query: Query = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === false) continue;
    const text = value === true ? '1' : String(value).trim();
    if (text === '') continue;
    params.set(key, text);
  }
  return params;
}

export function buildUrl(path: string, query?: Query): string {
  const base = getEnv().apiUrl.replace(/\/+$/, '');
  const search = toSearchParams(query).toString();
  return `${base}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(body: unknown): Record<string, string[]> {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string',
    );
    if (list.length > 0) errors[field] = list;
  }
  return errors;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Calls the API and returns its envelope `{ message, data }`; throws ApiError on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal } = options;
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = buildUrl(path, query);
  let response: Response;
  try {
    // A failed early request (null) is asked again here.
    const early = method === 'GET' ? await takeEarlyResponse(url, token) : null;
    signal?.throwIfAborted();
    response =
      early ??
      (await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const message =
      isRecord(payload) && typeof payload.message === 'string' && payload.message
        ? payload.message
        : `The request failed (${response.status}). Please try again.`;
    const code = isRecord(payload) && typeof payload.code === 'string' ? payload.code : undefined;
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    const error = new ApiError(
      response.status,
      message,
      readFieldErrors(payload),
      code,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
    );
    if (token && (response.status === 401 || (response.status === 403 && !code))) onUnauthorized(error);
    // An admin who must set up two-factor sign-in first: the admin area shows its setup instead.
    if (token && response.status === 403 && code === TWO_FACTOR_REQUIRED)
      window.dispatchEvent(new CustomEvent(TWO_FACTOR_REQUIRED_EVENT, { detail: token }));
    throw error;
  }

  if (isRecord(payload) && 'data' in payload) {
    return { message: typeof payload.message === 'string' ? payload.message : '', data: payload.data as T };
  }
  return { message: '', data: payload as T };
}

export const api = {
  get<T>(path: string, query?: Query, signal?: AbortSignal) {
    return apiRequest<T>(path, { method: 'GET', query, signal });
  },
  post<T>(path: string, body: unknown = {}, signal?: AbortSignal) {
    return apiRequest<T>(path, { method: 'POST', body, signal });
  },
};
