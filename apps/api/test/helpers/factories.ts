import { hashPassword } from '../../src/modules/auth/password';
import * as users from '../../src/modules/users/service';
import type { TestApp } from './app';

export const DEFAULT_PASSWORD = 'correct-horse-9';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export type Actor = { user: users.UserRow; token: string; password: string };

/**
 * A user with overrides, signed in through the real login route. Users are made verified (phone and
 * e-mail), as the established customers most tests act as are; `{ verified: false }` makes one that
 * has just signed up, which cannot withdraw or earn rewards yet.
 */
export async function createUser(
  t: TestApp,
  {
    verified = true,
    ...overrides
  }: Partial<Omit<users.CreateUserInput, 'passwordHash'>> & { password?: string; verified?: boolean } = {},
): Promise<Actor> {
  // Taken before any await, so concurrent calls never share a number.
  const n = ++sequence;
  const verifiedAt = verified ? new Date() : null;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const hash = overrides.password
    ? await hashPassword(password)
    : await (passwordHash ??= hashPassword(DEFAULT_PASSWORD));
  const user = await users.createUser(t.db, {
    firstName: 'Test',
    // Letters only, as the contract requires of names: 12 -> 'Userbc'.
    lastName: `User${String(n).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`,
    email: `user${n}.${process.pid}@example.com`,
    phoneNumber: `+234803${String(1_000_000 + n).slice(-7)}`,
    phoneVerifiedAt: verifiedAt,
    emailVerifiedAt: verifiedAt,
    ...overrides,
    passwordHash: hash,
  });
  const token = await login(t, user.email, password);
  return { user, token, password };
}

export const createAdmin = (t: TestApp, overrides: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { role: 'admin', ...overrides });

export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.access_token as string;
}

type CallOptions = { token?: string; body?: unknown; query?: Record<string, string | number> };

/** One HTTP call through the real app: `call(t, 'GET', '/api/users/me', { token })`. */
export async function call(t: TestApp, method: 'GET' | 'POST', url: string, options: CallOptions = {}) {
  const res = await t.app.inject({
    method,
    url,
    query: options.query
      ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
      : undefined,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const body = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
  return { status: res.statusCode, body, headers: res.headers };
}
