import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, CUSTOMER_WALLET, type AccountName } from './accounts';
import { journal, journalTable, JOURNALS, type JournalEvent, type JournalKind } from './journals';

const USER = 7;
const water = { category: 'sachet_water', deliveryFeeKobo: 20_000 } as const;
const gas = { category: 'gas', deliveryFeeKobo: 0 } as const;
const inOut = (movement: { amountKobo: number; sale?: typeof water }) =>
  [
    { userId: USER, direction: 'in', ...movement },
    { userId: USER, direction: 'out', ...movement },
  ] as const;

/**
 * Events of every kind, between them touching every account each kind says it moves. A kind added
 * to the catalogue does not compile here until it has its events.
 */
const SAMPLES: { [Kind in JournalKind]: JournalEvent<Kind>[] } = {
  card_payment: [
    { amountKobo: 90_000, sale: water },
    { amountKobo: 1_500_000, sale: gas },
    { amountKobo: 50_000, sale: { category: 'bottle_water' } },
    { amountKobo: 20_000, sale: { category: 'airtime_data' } },
  ],
  card_refund: [
    { amountKobo: 90_000, sale: water },
    { userId: USER, direction: 'out', amountKobo: 20_000 },
  ],
  card_refund_settled: [{ amountKobo: 90_000 }],
  vtu_cost: [{ costKobo: 19_400 }],
  bill_cost: [
    { faceKobo: 500_000, commissionKobo: 15_000 },
    { faceKobo: 500_000, commissionKobo: 0 },
  ],
  vtu_float_top_up: [
    { amountKobo: 5_000_000, from: 'paystack_balance' },
    { amountKobo: 5_000_000, from: 'opening_balance' },
  ],
  withdrawal_settled: [{ amountKobo: 250_000 }],
  reconciliation_adjustment: [
    { provider: 'paystack', providerExcessKobo: 10_000, givenBack: false, against: '1900' },
    { provider: 'paystack', providerExcessKobo: 10_000, givenBack: true, against: '4900' },
    { provider: 'paystack', providerExcessKobo: -10_000, givenBack: false, against: '5900' },
    { provider: 'paystack', providerExcessKobo: 10_000, givenBack: false, against: '5900' },
    { provider: 'paystack', providerExcessKobo: 10_000, givenBack: false, against: '3000' },
    { provider: 'vtu', providerExcessKobo: -10_000, givenBack: false, against: '1900' },
    { provider: 'vtu', providerExcessKobo: 10_000, givenBack: false, against: '1900' },
    { provider: 'vtu', providerExcessKobo: 10_000, givenBack: false, against: '5300' },
  ],
  deposit: [{ userId: USER, direction: 'in', amountKobo: 150_000 }],
  withdrawal: [{ userId: USER, direction: 'out', amountKobo: 250_000 }],
  reversal: [
    { userId: USER, direction: 'in', amountKobo: 250_000 },
    { userId: USER, direction: 'in', amountKobo: 20_000, refusedCardRefund: true },
  ],
  purchase: [
    { userId: USER, direction: 'out', amountKobo: 90_000, sale: water },
    { userId: USER, direction: 'out', amountKobo: 20_000 },
    { userId: USER, direction: 'out', amountKobo: 1_500_000, sale: gas },
    { userId: USER, direction: 'out', amountKobo: 50_000, sale: { category: 'bottle_water' } },
  ],
  refund: [
    { userId: USER, direction: 'in', amountKobo: 90_000, sale: water },
    { userId: USER, direction: 'in', amountKobo: 90_000, refusedCardRefund: true },
  ],
  reward: [{ userId: USER, direction: 'in', amountKobo: 5_000 }],
  commission: [{ userId: USER, direction: 'in', amountKobo: 4_500 }],
  savings: [...inOut({ amountKobo: 10_000 })],
  adjustment: [...inOut({ amountKobo: 10_000 })],
};

const nameOf = new Map(Object.entries(ACCOUNTS).map(([name, account]) => [account.code, name as AccountName]));

describe('the journal catalogue', () => {
  const kinds = Object.keys(JOURNALS) as JournalKind[];

  it.each(kinds)('%s: every journal balances, in whole kobo, customer lines with their customer', (kind) => {
    for (const event of SAMPLES[kind]) {
      const built = journal(kind, 'ref', event as never);
      expect(built.kind).toBe(kind);
      expect(built.postings.reduce((sum, line) => sum + line.amountKobo, 0)).toBe(0);
      for (const line of built.postings) {
        expect(Number.isSafeInteger(line.amountKobo) && line.amountKobo !== 0).toBe(true);
        expect(nameOf.has(line.account)).toBe(true);
        const customerAccount = line.account === CUSTOMER_WALLET || line.account === ACCOUNTS.customerSavings.code;
        expect(line.userId !== undefined).toBe(customerAccount);
      }
    }
  });

  it.each(kinds)('%s: debits and credits exactly the accounts it lists', (kind) => {
    const { debit, credit, direction } = JOURNALS[kind] as {
      debit: readonly AccountName[];
      credit: readonly AccountName[];
      direction?: string;
    };
    const debited = new Set<AccountName>();
    const credited = new Set<AccountName>();
    for (const event of SAMPLES[kind]) {
      // A wallet movement that can go both ways lists its accounts as money comes in.
      const mirrored = direction === 'both' && (event as { direction?: string }).direction === 'out';
      for (const line of journal(kind, 'ref', event as never).postings) {
        const side = line.amountKobo > 0 !== mirrored ? debited : credited;
        side.add(nameOf.get(line.account)!);
      }
    }
    expect([...debited].sort()).toEqual([...debit].sort());
    expect([...credited].sort()).toEqual([...credit].sort());
  });

  it('clears a reconciliation difference against the account chosen, never a customer or the provider itself', () => {
    const event = { provider: 'paystack', providerExcessKobo: 10_000, givenBack: false } as const;
    expect(journal('reconciliation_adjustment', 'ref', { ...event, against: '1900' }).postings).toEqual([
      { account: '1100', amountKobo: 10_000 },
      { account: '1900', amountKobo: -10_000 },
    ]);
    expect(() => journal('reconciliation_adjustment', 'ref', { ...event, against: '2100' })).toThrow(
      'cannot be cleared',
    );
    expect(() => journal('reconciliation_adjustment', 'ref', { ...event, against: '1100' })).toThrow(
      'cannot be cleared',
    );
  });

  it('takes a wallet movement only the way its kind goes', () => {
    expect(() => journal('deposit', 'ref', { userId: USER, direction: 'out', amountKobo: 100 })).toThrow('not out');
    expect(() => journal('purchase', 'ref', { userId: USER, direction: 'in', amountKobo: 100 })).toThrow('not in');
    expect(() => journal('card_refund', 'ref', { userId: USER, direction: 'in', amountKobo: 100 })).toThrow('not in');
  });

  it('credits a delivery fee to delivery fee revenue and takes it back from there on a refund', () => {
    const lines = (kind: JournalKind, event: object) =>
      Object.fromEntries(journal(kind, 'ref', event as never).postings.map((line) => [line.account, line.amountKobo]));
    expect(lines('card_payment', { amountKobo: 90_000, sale: water })).toEqual({
      '1100': 90_000,
      '4110': -70_000,
      '4300': -20_000,
    });
    expect(lines('card_refund', { amountKobo: 90_000, sale: water })).toEqual({
      '4900': 70_000,
      '4300': 20_000,
      '2310': -90_000,
    });
    expect(() =>
      journal('card_payment', 'ref', { amountKobo: 100, sale: { category: 'gas', deliveryFeeKobo: 200 } }),
    ).toThrow('does not fit');
  });

  it('is listed in docs/features.md as it is', () => {
    const features = readFileSync(new URL('../../../../../docs/features.md', import.meta.url), 'utf8');
    expect(features).toContain(journalTable());
  });
});
