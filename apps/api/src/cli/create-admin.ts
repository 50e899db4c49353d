// npm run create-admin -- --email E --password P [--first-name F --last-name L --phone 080... --staff-role R]
// Creates an admin, or makes an existing user an admin, sets the given password and signs out its sessions.
// The staff role is owner unless --staff-role says otherwise (an existing admin keeps theirs).
// Admins count as verified (phone and e-mail): the operator running this vouches for them, and the
// placeholder number it gives by default receives no SMS.
// Bad input exits 1 with one line naming the option.
import { parseArgs } from 'node:util';
import { nameField, normalizeNigerianPhone, passwordField, STAFF_ROLES, STAFF_TEXTS } from '@ruwa/contract';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../lib/config';
import { connectDatabase } from '../db/client';
import { hashPassword } from '../modules/auth/password';
import { requireStrongPassword } from '../modules/auth/password-strength';
import { revokeAllTokens } from '../modules/auth/tokens';
import * as users from '../modules/users/service';

const USAGE =
  'Usage: npm run create-admin -- --email E --password P [--first-name F --last-name L --phone 080... --staff-role owner|finance|support|dispatcher]';

const args = z.object({
  email: z
    .email({
      error: (issue) =>
        issue.input === undefined ? 'An e-mail address is required.' : 'This is not an e-mail address.',
    })
    .transform((e) => e.toLowerCase()),
  password: passwordField,
  'first-name': nameField('first name').default('Ruwa'),
  'last-name': nameField('last name').default('Admin'),
  phone: z.string().default('+2348000000000'),
  'staff-role': z.enum(STAFF_ROLES, { error: STAFF_TEXTS.chooseRole }).optional(),
});

/** A mistake in the command line: reported as one line, with no stack trace. */
class UsageError extends Error {}

function readArgs() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        phone: { type: 'string' },
        'staff-role': { type: 'string' },
      },
    }).values;
  } catch (error) {
    // Unknown options, stray arguments, an option without its value.
    throw new UsageError(`create-admin: ${error instanceof Error ? error.message : String(error)}. ${USAGE}`);
  }
}

async function main() {
  const parsed = args.safeParse(readArgs());
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`create-admin: --${String(issue.path[0])}: ${issue.message}`);
  }
  const input = parsed.data;
  const phone = normalizeNigerianPhone(input.phone);
  if (!phone)
    throw new UsageError('create-admin: --phone: Use a Nigerian mobile number (0XXXXXXXXXX or +234XXXXXXXXXX).');
  await requireStrongPassword(input.password, 'password', [input.email, input['first-name'], input['last-name']]).catch(
    (error: unknown) => {
      throw new UsageError(`create-admin: --password: ${error instanceof Error ? error.message : String(error)}`);
    },
  );

  const database = await connectDatabase(loadConfig());
  try {
    await database.migrate();
    const passwordHash = await hashPassword(input.password);
    const existing = await users.findUserByEmail(database.db, input.email);
    if (existing) {
      // As after a password reset, the sessions opened with the old password end.
      await database.db.transaction(async (tx) => {
        await users.setPasswordHash(tx, existing.id, passwordHash);
        await users.promoteToAdmin(tx, existing.id, input['staff-role']);
        await users.vouchFor(tx, existing.id);
        await revokeAllTokens(tx, existing.id);
      });
      console.log(`${input.email} is now an admin; the password was updated and its sessions were signed out.`);
    } else {
      await users.createUser(database.db, {
        firstName: input['first-name'],
        lastName: input['last-name'],
        email: input.email,
        phoneNumber: phone,
        passwordHash,
        role: 'admin',
        staffRole: input['staff-role'],
        phoneVerifiedAt: new Date(),
        emailVerifiedAt: new Date(),
      });
      console.log(`Admin ${input.email} created.`);
    }
  } finally {
    await database.close();
  }
}

/** The first readable message of an error, its causes or (for AggregateError) its parts. */
function errorLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = error.cause ?? (error instanceof AggregateError ? error.errors[0] : undefined);
  // Drizzle's "Failed query: ... params: ..." would print the password hash; its cause says what failed.
  if (inner && (error.message === '' || error.message.startsWith('Failed query'))) return errorLine(inner);
  return error.message || (error as { code?: string }).code || error.name;
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
  else console.error(`create-admin: ${errorLine(error)}`);
  process.exit(1);
});
