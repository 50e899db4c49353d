// npm run create-admin -- --email E --password P [--first-name F --last-name L --phone 080...]
// Creates an admin, or makes an existing user an admin and sets the given password.
import { parseArgs } from 'node:util';
import { normalizeNigerianPhone, passwordField } from '@ruwa/contract';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../lib/config';
import { connectDatabase } from '../db/client';
import { hashPassword } from '../modules/auth/password';
import * as users from '../modules/users/service';

const args = z.object({
  email: z.email('--email must be an e-mail address').transform((e) => e.toLowerCase()),
  password: passwordField,
  'first-name': z.string().min(1).default('Ruwa'),
  'last-name': z.string().min(1).default('Admin'),
  phone: z.string().default('+2348000000000'),
});

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      phone: { type: 'string' },
    },
  });
  const parsed = args.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`create-admin: --${String(issue.path[0])}: ${issue.message}`);
  }
  const input = parsed.data;
  const phone = normalizeNigerianPhone(input.phone);
  if (!phone) throw new ConfigError('create-admin: --phone must be a Nigerian mobile number');

  const database = await connectDatabase(loadConfig());
  try {
    await database.migrate();
    const passwordHash = await hashPassword(input.password);
    const existing = await users.findUserByEmail(database.db, input.email);
    if (existing) {
      await users.setPasswordHash(database.db, existing.id, passwordHash);
      await users.promoteToAdmin(database.db, existing.id);
      console.log(`${input.email} is now an admin; the password was updated.`);
    } else {
      await users.createUser(database.db, {
        firstName: input['first-name'],
        lastName: input['last-name'],
        email: input.email,
        phoneNumber: phone,
        passwordHash,
        role: 'admin',
      });
      console.log(`Admin ${input.email} created.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
