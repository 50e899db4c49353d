import { count } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { hashPassword, verifyPassword } from '../modules/auth/password';
import type { DbOrTx } from '../db/client';
import { users } from '../modules/users/schema';
import { journal, post } from '../modules/ledger/service';
import * as usersService from '../modules/users/service';
import { SANDBOX_OPENING_FLOAT_NAIRA } from '../platform/vtu/sandbox-routes';
import { seedCatalog } from './catalog';

export const DEMO_ADMIN = { email: 'admin@ruwa.local', password: 'ruwa-admin-2026' };
export const DEMO_CUSTOMER = { email: 'ada@ruwa.local', password: 'ruwa-demo-2026' };

/**
 * The demo accounts that still sign in with their published passwords. Production refuses to start
 * while any does (anyone who read the README could sign in as its admin); elsewhere the start banner
 * prints these logins, and only these, so a password changed since is never printed.
 */
export async function demoAccountsWithDemoPasswords(db: DbOrTx): Promise<(typeof DEMO_ADMIN)[]> {
  const left = await Promise.all(
    [DEMO_ADMIN, DEMO_CUSTOMER].map(async (demo) => {
      const user = await usersService.findUserByEmail(db, demo.email);
      return user && (await verifyPassword(user.passwordHash, demo.password)) ? demo : null;
    }),
  );
  return left.filter((demo) => demo !== null);
}

/** Demo data goes only into an empty database (DESIGN 6a). Answers whether it seeded. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;

  // The demo accounts are verified (phone and e-mail), so every screen can be tried at once.
  const verified = { phoneVerifiedAt: new Date(), emailVerifiedAt: new Date() };
  await ctx.db.transaction(async (tx) => {
    await usersService.createUser(tx, {
      firstName: 'Ruwa',
      lastName: 'Admin',
      email: DEMO_ADMIN.email,
      phoneNumber: '+2348000000001',
      passwordHash: await hashPassword(DEMO_ADMIN.password),
      role: 'admin',
      ...verified,
    });
    await usersService.createUser(tx, {
      firstName: 'Ada',
      lastName: 'Obi',
      email: DEMO_CUSTOMER.email,
      phoneNumber: '+2348031234567',
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      ...verified,
    });
    await seedCatalog(tx);
    // The VTU sandbox starts with a float; the books start holding the same, so the float check
    // reads 0 difference until something really differs.
    if (ctx.config.vtuSandbox)
      await post(
        tx,
        journal('vtu_float_top_up', 'float-opening:sandbox', {
          amountKobo: SANDBOX_OPENING_FLOAT_NAIRA * 100,
          from: 'opening_balance',
        }),
      );
  });
  return true;
}
