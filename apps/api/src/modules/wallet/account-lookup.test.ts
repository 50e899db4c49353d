import { API_ERROR_CODES } from '@ruwa/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser, type Actor } from '../../../test/helpers/factories';
import { recordProviderCalls } from '../../../test/helpers/providers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// A fresh 10-digit number per look-up, so no test meets another's kept answer.
let next = 1_234_500_000;
const freshNumber = () => String(++next);

const resolve = (app: TestApp, actor: Actor, accountNumber: string) =>
  call(app, 'GET', '/api/banks/resolve', {
    token: actor.token,
    query: { account_number: accountNumber, bank_code: '033' },
  });
const saveBank = (app: TestApp, actor: Actor, accountNumber: string) =>
  call(app, 'POST', '/api/wallet/store/bank-details', {
    token: actor.token,
    body: { first_name: 'Kemi', last_name: 'Adeyemi', account_number: accountNumber, bank_name: '033' },
  });

/** How many times Paystack was asked for an account's name while `work` ran. */
async function paystackLookups(work: () => Promise<unknown>): Promise<number> {
  const calls = recordProviderCalls();
  try {
    await work();
    return calls.urls.filter((url) => url.includes('/sandbox/paystack/bank/resolve')).length;
  } finally {
    calls.stop();
  }
}

describe('looking up the name behind an account number', () => {
  it('needs a verified phone, exactly as withdrawals do', async () => {
    const newcomer = await createUser(t, { verified: false });
    const asked = await paystackLookups(async () => {
      const res = await resolve(t, newcomer, freshNumber());
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: 'Verify your phone number to look up a bank account.',
        code: API_ERROR_CODES.phoneUnverified,
      });
    });
    expect(asked).toBe(0);
  });

  it('takes 10 a minute per customer, then 429 with Retry-After; other customers keep theirs', async () => {
    const customer = await createUser(t);
    const numbers = Array.from({ length: 10 }, freshNumber);
    for (const accountNumber of numbers) expect((await resolve(t, customer, accountNumber)).status).toBe(200);

    const over = await resolve(t, customer, freshNumber());
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(
      /^You have looked up many bank accounts in a short time\. Try again in \d+ seconds?\.$/,
    );
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // A saved account's look-up counts too, so saving cannot be used to go round the limit.
    expect((await saveBank(t, customer, freshNumber())).status).toBe(429);

    const other = await createUser(t);
    expect((await resolve(t, other, freshNumber())).status).toBe(200);
  });

  it('answers an account looked up in the last day again without Paystack and without counting', async () => {
    const customer = await createUser(t);
    const numbers = Array.from({ length: 10 }, freshNumber);
    const first = await resolve(t, customer, numbers[0]!);
    expect(first.status).toBe(200);
    for (const accountNumber of numbers.slice(1)) await resolve(t, customer, accountNumber);

    // At the limit: the accounts already looked up still answer, the same name, and can be saved.
    const asked = await paystackLookups(async () => {
      const again = await resolve(t, customer, numbers[0]!);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      const saved = await saveBank(t, customer, numbers[0]!);
      expect(saved.status).toBe(200);
      expect(saved.body.data.account_name).toBe(first.body.data.account_name);
      // Another customer asking for the same account is answered from what was kept, too.
      expect((await resolve(t, await createUser(t), numbers[1]!)).status).toBe(200);
    });
    expect(asked).toBe(0);
    expect((await resolve(t, customer, freshNumber())).status).toBe(429);

    // A day later the bank is asked again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 24 * 3600_000 + 60_000);
      const later = await createUser(t);
      expect(await paystackLookups(async () => expect((await resolve(t, later, numbers[2]!)).status).toBe(200))).toBe(
        1,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no answer for an account the bank does not know: asking again asks Paystack and counts', async () => {
    const customer = await createUser(t);
    const asked = await paystackLookups(async () => {
      for (let i = 0; i < 2; i++) {
        const res = await resolve(t, customer, '0000000000');
        expect(res.status).toBe(422);
        expect(res.body.errors.account_number).toEqual([
          'We could not find this account at the selected bank. Check the number.',
        ]);
      }
    });
    expect(asked).toBe(2);
  });

  it('refuses an unknown bank without asking Paystack for a name', async () => {
    const customer = await createUser(t);
    const asked = await paystackLookups(async () => {
      const res = await call(t, 'GET', '/api/banks/resolve', {
        token: customer.token,
        query: { account_number: freshNumber(), bank_code: '999' },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.bank_code).toEqual(['Please select a bank']);
    });
    expect(asked).toBe(0);
  });
});

describe('the daily limit', () => {
  it('answers 429 naming the 24 hours once the day’s look-ups are spent', async () => {
    const limited = await createTestApp({
      RATE_LIMIT_BANK_RESOLVE_PER_MINUTE: '100',
      RATE_LIMIT_BANK_RESOLVE_PER_DAY: '3',
    });
    try {
      const customer = await createUser(limited);
      for (let i = 0; i < 3; i++) expect((await resolve(limited, customer, freshNumber())).status).toBe(200);
      const over = await resolve(limited, customer, freshNumber());
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(
        /^You have looked up 3 bank accounts in 24 hours, the most we allow\. Try again in about \d+ hours?\.$/,
      );
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    } finally {
      await limited.close();
    }
  });
});
