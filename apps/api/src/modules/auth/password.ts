import { hashSecret, verifySecret } from '../../lib/secrets';

export const hashPassword = hashSecret;
export const verifyPassword = verifySecret;

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check when the e-mail is unknown, so timing does not reveal it. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
