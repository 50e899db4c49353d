import { hash, verify, type Options } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';

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
