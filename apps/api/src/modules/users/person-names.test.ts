import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { call, createUser } from '../../../test/helpers/factories';
import { sandboxPaystackCustomers, sandboxPaystackRecipients } from '../../platform/paystack/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '1000' });
});
afterAll(() => t.close());

const HOSTILE = '<img src=x onerror=alert(1)>';
const RULE = (label: string) => `The ${label} may only contain letters, spaces and the characters ' - .`;

let sequence = 0;
const registration = (overrides: Record<string, unknown>) => {
  sequence += 1;
  return {
    first_name: 'Chidi',
    last_name: 'Okafor',
    email: `names.${sequence}.${process.pid}@example.com`,
    phone_number: `0809${String(1_000_000 + sequence).slice(-7)}`,
    password: 'lagos-water-1',
    password_confirmation: 'lagos-water-1',
    ...overrides,
  };
};

describe('person names', () => {
  it('registration refuses markup in either name with 422 on that field, and takes accents and punctuation', async () => {
    for (const field of ['first_name', 'last_name'] as const) {
      const res = await call(t, 'POST', '/api/auth/register', { body: registration({ [field]: HOSTILE }) });
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([RULE(field.replace('_', ' '))]);
    }
    const digits = await call(t, 'POST', '/api/auth/register', { body: registration({ first_name: 'Chidi2' }) });
    expect(digits.body.errors.first_name).toEqual([RULE('first name')]);

    const res = await call(t, 'POST', '/api/auth/register', {
      body: registration({ first_name: 'Ọlámídé', last_name: 'O’Neil-Smith Jr.' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ first_name: 'Ọlámídé', last_name: 'O’Neil-Smith Jr.' });
  });

  it('a profile update refuses markup in a name, changing nothing, and takes accents', async () => {
    const actor = await createUser(t);
    const profile = (names: Record<string, string>) => ({
      email: actor.user.email,
      phone_number: actor.user.phoneNumber,
      ...names,
    });
    const refused = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile({ first_name: 'Amaka', last_name: HOSTILE }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.last_name).toEqual([RULE('last name')]);
    expect((await call(t, 'GET', '/api/users/me', { token: actor.token })).body.data.last_name).toBe(
      actor.user.lastName,
    );

    const saved = await call(t, 'POST', '/api/users/update', {
      token: actor.token,
      body: profile({ first_name: 'Zoë', last_name: "O'Neil-Smith Jr." }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ first_name: 'Zoë', last_name: "O'Neil-Smith Jr." });
  });

  it('bank details keep the bank’s name for the account: markup typed as a name is never stored', async () => {
    const actor = await createUser(t);
    const saved = await call(t, 'POST', '/api/wallet/store/bank-details', {
      token: actor.token,
      body: { account_number: '0123456789', bank_name: '033', first_name: HOSTILE, last_name: 'Adeyemi' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body.data)).not.toContain('<img');
    expect(saved.body.data.first_name).toBe(saved.body.data.account_name.split(' ')[0]);
  });
});

describe('names sent to Paystack', () => {
  it('a name stored before the rule reaches Paystack cleaned when the dedicated account is opened', async () => {
    // Stored straight into the table, as names were before registration checked them.
    const legacy = await createUser(t, { firstName: HOSTILE, lastName: 'Obi\t\n  <script>  Jr.' });
    const res = await call(t, 'GET', '/api/wallet/virtual-account', { token: legacy.token });
    expect(res.status).toBe(200);
    const [customer] = await t.db
      .select()
      .from(sandboxPaystackCustomers)
      .where(eq(sandboxPaystackCustomers.email, legacy.user.email));
    expect(customer).toMatchObject({ firstName: 'img srcx onerroralert', lastName: 'Obi script Jr.' });
    expect(res.body.data.account_name).toBe('RUWA/IMG SRCX ONERRORALERT OBI SCRIPT JR.');

    const nothingLeft = await createUser(t, { firstName: '<>123', lastName: '());' });
    await call(t, 'GET', '/api/wallet/virtual-account', { token: nothingLeft.token });
    const [fallback] = await t.db
      .select()
      .from(sandboxPaystackCustomers)
      .where(eq(sandboxPaystackCustomers.email, nothingLeft.user.email));
    expect(fallback).toMatchObject({ firstName: 'Ruwa', lastName: 'Customer' });
  });

  it('a transfer recipient is created with the name cleaned, whatever name the bank answered', async () => {
    const code = await t.ctx.paystack.createTransferRecipient({
      name: 'ADA <b>OBI</b> & SONS 2',
      accountNumber: '0123456789',
      bankCode: '033',
    });
    const [recipient] = await t.db
      .select()
      .from(sandboxPaystackRecipients)
      .where(eq(sandboxPaystackRecipients.recipientCode, code));
    expect(recipient!.name).toBe('ADA bOBIb SONS');
    const blank = await t.ctx.paystack.createTransferRecipient({
      name: '<>',
      accountNumber: '0123456789',
      bankCode: '033',
    });
    const [fallback] = await t.db
      .select()
      .from(sandboxPaystackRecipients)
      .where(eq(sandboxPaystackRecipients.recipientCode, blank));
    expect(fallback!.name).toBe('Ruwa Customer');
  });
});
