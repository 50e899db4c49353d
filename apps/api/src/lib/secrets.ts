import { hash, verify, type Options } from '@node-rs/argon2';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
// `algorithm: 2` is Argon2id (a const enum that isolated modules cannot import).
const OPTIONS: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** An argon2id hash of something a person knows (a password, a wallet PIN). */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret, OPTIONS);
}

export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(secretHash, secret);
  } catch {
    return false;
  }
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** 32 random bytes, URL-safe, for a link sent by e-mail. Only the SHA-256 is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/** A 6-digit code to send by SMS, leading zeros kept. */
export function newSmsCode(): string {
  return String(randomInt(1_000_000)).padStart(6, '0');
}

/**
 * What is stored of an SMS code: the SHA-256 of the code bound to what it is for (`scope`, such as
 * the purpose and the account). A bare 6-digit hash is reversed by trying all million, so a leaked
 * row alone must not name a code that works elsewhere; and with its colon, the string hashed is never
 * a link token (base64url), so a code's hash and a link's cannot be mistaken for one another.
 */
export function smsCodeHash(scope: string, code: string): string {
  return sha256(`${scope}:${code}`);
}

/** Compares two hex digests in constant time (a wrong code must not tell how close it came). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
