import { count } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { hashPassword } from '../modules/auth/password';
import { users } from '../modules/users/schema';
import { journal, post } from '../modules/ledger/service';
import * as usersService from '../modules/users/service';
import { SANDBOX_OPENING_FLOAT_NAIRA } from '../platform/vtu/sandbox-routes';
import { seedCatalog } from './catalog';

export const DEMO_ADMIN = { email: 'admin@ruwa.local', password: 'ruwa-admin-2026' };
export const DEMO_CUSTOMER = { email: 'ada@ruwa.local', password: 'ruwa-demo-2026' };

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
    await seedCatalog(tx, ctx.images);
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
