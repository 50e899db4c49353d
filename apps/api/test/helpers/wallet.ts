import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankAccounts } from '../../src/modules/wallet/schema';
import type { TestApp } from './app';
import { call, type Actor } from './factories';
import { sandboxCharge } from './payments';

const HOUR_MS = 3600_000;

/** Tops the wallet up by a card deposit through the sandbox, as the deposit screen does. */
export async function fundWallet(t: TestApp, actor: Actor, naira: number): Promise<void> {
  const reference = await sandboxCharge(t, { amountKobo: Math.round(naira * 100), email: actor.user.email });
  const res = await call(t, 'POST', '/api/wallet-transactions/deposit/paystack', {
    token: actor.token,
    body: { amount: naira, tx_id: reference },
  });
  expect(res.status).toBe(200);
}

/**
 * Saves a bank account for withdrawals (UBA), answering its id. `ageHours` moves its saving into the
 * past: an account saved more than a day ago is no longer new, and withdrawals to it are not held.
 */
export async function addBankAccount(
  t: TestApp,
  actor: Actor,
  { ageHours = 0, accountNumber = '0123456789' } = {},
): Promise<number> {
  const res = await call(t, 'POST', '/api/wallet/store/bank-details', {
    token: actor.token,
    body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: accountNumber, bank_name: '033' },
  });
  expect(res.status).toBe(200);
  const id = res.body.data.id as number;
  if (ageHours)
    await t.db
      .update(bankAccounts)
      .set({ createdAt: new Date(Date.now() - ageHours * HOUR_MS) })
      .where(eq(bankAccounts.id, id));
  return id;
}

export const requestWithdrawal = (t: TestApp, actor: Actor, amount: number, bank: number, pin?: string) =>
  call(t, 'POST', '/api/wallet-transactions/withdraw', {
    token: actor.token,
    body: { amount, selected_bank: bank, ...(pin ? { pin } : {}) },
  });
