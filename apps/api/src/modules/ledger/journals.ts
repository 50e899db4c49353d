import type { CategoryKind } from '@ruwa/contract';
import {
  ACCOUNTS,
  CUSTOMER_SAVINGS,
  CUSTOMER_WALLET,
  isCustomerAccount,
  salesAccountFor,
  type AccountCode,
  type AccountName,
} from './accounts';

/**
 * The journal catalogue: every business event that moves money, and the accounts it moves. A module
 * describes what happened (a card payment for a sale, a withdrawal settled) and the catalogue writes
 * the lines; no other module names an account. `post()` takes only what `journal()` builds, and the
 * journal's kind is a key of `JOURNALS`, so a misspelt kind (the replay guard is kind + reference)
 * does not compile.
 *
 * Lines are signed: a debit is positive, a credit negative, so every journal sums to zero.
 */

/** One line of a journal: a debit is a positive amount, a credit a negative one. */
export type Posting = { account: AccountCode; amountKobo: number; userId?: number };

/** What was sold: its category (the revenue account it is credited to) and the delivery fee inside its amount. */
export type Sale = { category: CategoryKind; deliveryFeeKobo?: number };

/** Airtime and data: no delivery fee. */
export const VTU_SALE: Sale = { category: 'airtime_data' };

/**
 * A movement of a customer's wallet: who, how much, which way, and what its kind alone does not say.
 * `sale`: for a purchase, what was bought (airtime or data when absent); for a refund, the delivery
 * fee given back with it. `refusedCardRefund`: money a card would not take back, returned to the
 * wallet out of Card refunds in transit rather than given back as a new refund.
 */
export type WalletMovement = {
  userId: number;
  amountKobo: number;
  direction: 'in' | 'out';
  sale?: Sale;
  refusedCardRefund?: boolean;
};

type Entry<Event> = {
  /** When the event happens, for the features document. */
  when: string;
  /** The accounts debited and credited (a wallet movement's as it moves in, when it can go both ways). */
  debit: readonly AccountName[];
  credit: readonly AccountName[];
  /** A wallet movement: the way its money may go. */
  direction?: 'in' | 'out' | 'both';
  lines: (event: Event) => Posting[];
};
const entry = <Event>(definition: Entry<Event>) => definition;

/** `amountKobo` credited to `account`, less `splitKobo` of it credited to `splitAccount`; zero lines left out. */
function creditLines(account: AccountCode, amountKobo: number, splitAccount: AccountCode, splitKobo = 0): Posting[] {
  if (!Number.isSafeInteger(splitKobo) || splitKobo < 0 || splitKobo > amountKobo)
    throw new Error(`a split of ${splitKobo} kobo does not fit in ${amountKobo} kobo`);
  return [
    ...(splitKobo < amountKobo ? [{ account, amountKobo: -(amountKobo - splitKobo) }] : []),
    ...(splitKobo > 0 ? [{ account: splitAccount, amountKobo: -splitKobo }] : []),
  ];
}
const debitsOf = (lines: Posting[]) => lines.map((line) => ({ ...line, amountKobo: -line.amountKobo }));

/** A sale's revenue as credit lines: the delivery fee to Delivery fee revenue, the rest to the sales of its category. */
const saleCredits = (amountKobo: number, sale: Sale) =>
  creditLines(salesAccountFor(sale.category), amountKobo, ACCOUNTS.deliveryFees.code, sale.deliveryFeeKobo);
/** A sale given back, as credit lines to turn into debits: its delivery fee from Delivery fee revenue, the rest through Refunds. */
const refundCredits = (amountKobo: number, sale: Sale | undefined) =>
  creditLines(ACCOUNTS.refunds.code, amountKobo, ACCOUNTS.deliveryFees.code, sale?.deliveryFeeKobo);

/**
 * A wallet movement's lines: the customer's wallet on one side, `counter` (credit lines of the
 * amount, as they are for money coming in) on the other.
 */
function walletLines(movement: WalletMovement, counter: Posting[]): Posting[] {
  const sign = movement.direction === 'in' ? 1 : -1;
  // Money in credits (negative) the customer's wallet account and debits the other side.
  return [
    { account: CUSTOMER_WALLET, userId: movement.userId, amountKobo: -sign * movement.amountKobo },
    ...counter.map((line) => ({
      ...line,
      amountKobo: -sign * line.amountKobo,
      ...(line.account === CUSTOMER_SAVINGS ? { userId: movement.userId } : {}),
    })),
  ];
}

function requireDirection(when: string, allowed: 'in' | 'out' | 'both', movement: WalletMovement) {
  if (allowed !== 'both' && movement.direction !== allowed)
    throw new Error(`${when}: a wallet movement ${allowed}, not ${movement.direction}`);
}

/** A wallet movement's entry: its kind is the wallet statement's transaction type. */
function walletEntry(
  definition: Omit<Entry<WalletMovement>, 'lines' | 'direction'> & {
    direction: 'in' | 'out' | 'both';
    counter: (movement: WalletMovement) => Posting[];
  },
): Entry<WalletMovement> {
  const { counter, ...rest } = definition;
  return {
    ...rest,
    lines: (movement) => {
      requireDirection(rest.when, rest.direction, movement);
      return walletLines(movement, counter(movement));
    },
  };
}
const against =
  (account: AccountCode) =>
  ({ amountKobo }: WalletMovement): Posting[] => [{ account, amountKobo: -amountKobo }];

export const JOURNALS = {
  card_payment: entry<{ amountKobo: number; sale: Sale }>({
    when: 'A card payment for a purchase (an order, a subscription, airtime or data) is verified',
    debit: ['paystackClearing'],
    credit: ['salesSachetWater', 'salesBottleWater', 'salesGas', 'salesVtu', 'deliveryFees'],
    lines: ({ amountKobo, sale }) => [
      { account: ACCOUNTS.paystackClearing.code, amountKobo },
      ...saleCredits(amountKobo, sale),
    ],
  }),
  card_refund: entry<WalletMovement | { amountKobo: number; sale: Sale }>({
    when:
      'A refund is sent back to the card a purchase was paid with: a cancelled order’s sale given back, ' +
      'or (airtime and data) a refund already in the wallet taken out of it',
    debit: ['refunds', 'deliveryFees', 'customerWallets'],
    credit: ['cardRefundsInTransit'],
    lines: (event) => {
      const owed = { account: ACCOUNTS.cardRefundsInTransit.code, amountKobo: -event.amountKobo };
      if (!('userId' in event)) return [...debitsOf(refundCredits(event.amountKobo, event.sale)), owed];
      requireDirection('A refund sent back to the card', 'out', event);
      return walletLines(event, [owed]);
    },
  }),
  card_refund_settled: entry<{ amountKobo: number }>({
    when: 'Paystack reports a refund to a card processed',
    debit: ['cardRefundsInTransit'],
    credit: ['paystackClearing'],
    lines: ({ amountKobo }) => [
      { account: ACCOUNTS.cardRefundsInTransit.code, amountKobo },
      { account: ACCOUNTS.paystackClearing.code, amountKobo: -amountKobo },
    ],
  }),
  vtu_cost: entry<{ costKobo: number }>({
    when: 'The VTU provider delivers a vend: what it charged, out of the float it holds',
    debit: ['vtuCostOfSales'],
    credit: ['vtuFloat'],
    lines: ({ costKobo }) => [
      { account: ACCOUNTS.vtuCostOfSales.code, amountKobo: costKobo },
      { account: ACCOUNTS.vtuFloat.code, amountKobo: -costKobo },
    ],
  }),
  bill_cost: entry<{ faceKobo: number; commissionKobo: number }>({
    when: 'The VTU provider delivers a bill (electricity): its face value as the cost, paid out of the float less the commission it earned us',
    debit: ['vtuCostOfSales'],
    credit: ['vtuFloat', 'vtuCommission'],
    lines: ({ faceKobo, commissionKobo }) => [
      { account: ACCOUNTS.vtuCostOfSales.code, amountKobo: faceKobo },
      ...creditLines(ACCOUNTS.vtuFloat.code, faceKobo, ACCOUNTS.vtuCommission.code, commissionKobo),
    ],
  }),
  vtu_float_top_up: entry<{ amountKobo: number; from: 'paystack_balance' | 'opening_balance' }>({
    when: 'An admin records money sent to the VTU provider (or the sandbox opens with its float)',
    debit: ['vtuFloat'],
    credit: ['paystackBalance', 'openingBalances'],
    lines: ({ amountKobo, from }) => [
      { account: ACCOUNTS.vtuFloat.code, amountKobo },
      {
        account: from === 'paystack_balance' ? ACCOUNTS.paystackBalance.code : ACCOUNTS.openingBalances.code,
        amountKobo: -amountKobo,
      },
    ],
  }),
  withdrawal_settled: entry<{ amountKobo: number }>({
    when: "Paystack reports a withdrawal's transfer to the customer's bank successful",
    debit: ['withdrawalsInTransit'],
    credit: ['paystackBalance'],
    lines: ({ amountKobo }) => [
      { account: ACCOUNTS.withdrawalsInTransit.code, amountKobo },
      { account: ACCOUNTS.paystackBalance.code, amountKobo: -amountKobo },
    ],
  }),
  reconciliation_adjustment: entry<{
    provider: 'paystack' | 'vtu';
    providerExcessKobo: number;
    givenBack: boolean;
    /** The account the difference is posted against: Suspense unless the admin knows where it belongs. */
    against: AccountCode;
  }>({
    when:
      "An admin clears a reconciliation difference: the books follow the provider's figure, against the " +
      'account the admin chose (Suspense by default). Paystack clearing holds what Paystack took (a ' +
      'refund is money it gave back); the VTU float is what the provider still holds',
    debit: ['paystackClearing', 'vtuFloat', 'suspense', 'supportAdjustments', 'vtuCostOfSales', 'refunds'],
    credit: ['paystackClearing', 'vtuFloat', 'suspense', 'supportAdjustments', 'openingBalances'],
    lines: ({ provider, providerExcessKobo, givenBack, against }) => {
      const [account, amountKobo] =
        provider === 'vtu'
          ? [ACCOUNTS.vtuFloat.code, -providerExcessKobo]
          : [ACCOUNTS.paystackClearing.code, givenBack ? -providerExcessKobo : providerExcessKobo];
      if (isCustomerAccount(against) || against === account)
        throw new Error(`a reconciliation difference cannot be cleared against ${against}`);
      return [
        { account, amountKobo },
        { account: against, amountKobo: -amountKobo },
      ];
    },
  }),

  // Wallet movements: their kinds are the wallet statement's transaction types.
  deposit: walletEntry({
    when: 'A card deposit or a bank transfer to the customer’s account number reaches the wallet',
    direction: 'in',
    debit: ['paystackClearing'],
    credit: ['customerWallets'],
    counter: against(ACCOUNTS.paystackClearing.code),
  }),
  withdrawal: walletEntry({
    when: 'A customer withdraws to a bank account: the money waits for the transfer',
    direction: 'out',
    debit: ['customerWallets'],
    credit: ['withdrawalsInTransit'],
    counter: against(ACCOUNTS.withdrawalsInTransit.code),
  }),
  reversal: walletEntry({
    when: 'A withdrawal’s transfer fails (or a card refuses a VTU refund) and the money returns to the wallet',
    direction: 'in',
    debit: ['withdrawalsInTransit', 'cardRefundsInTransit'],
    credit: ['customerWallets'],
    counter: (movement) =>
      against(movement.refusedCardRefund ? ACCOUNTS.cardRefundsInTransit.code : ACCOUNTS.withdrawalsInTransit.code)(
        movement,
      ),
  }),
  purchase: walletEntry({
    when: 'A purchase is paid from the wallet (airtime and data when no sale is named)',
    direction: 'out',
    debit: ['customerWallets'],
    credit: ['salesSachetWater', 'salesBottleWater', 'salesGas', 'salesVtu', 'deliveryFees'],
    counter: ({ amountKobo, sale }) => saleCredits(amountKobo, sale ?? VTU_SALE),
  }),
  refund: walletEntry({
    when: 'A purchase is refunded to the wallet (or a card refuses an order’s refund and it comes to the wallet)',
    direction: 'in',
    debit: ['refunds', 'deliveryFees', 'cardRefundsInTransit'],
    credit: ['customerWallets'],
    counter: ({ amountKobo, sale, refusedCardRefund }) =>
      refusedCardRefund
        ? [{ account: ACCOUNTS.cardRefundsInTransit.code, amountKobo: -amountKobo }]
        : refundCredits(amountKobo, sale),
  }),
  reward: walletEntry({
    when: 'A referrer is rewarded for a purchase by someone they referred',
    direction: 'in',
    debit: ['referralRewards'],
    credit: ['customerWallets'],
    counter: against(ACCOUNTS.referralRewards.code),
  }),
  commission: walletEntry({
    when: 'An agent delivers an order and earns its commission',
    direction: 'in',
    debit: ['agentCommission'],
    credit: ['customerWallets'],
    counter: against(ACCOUNTS.agentCommission.code),
  }),
  savings: walletEntry({
    when: 'A customer moves money from savings to the wallet (moving it to savings is the other way round)',
    direction: 'both',
    debit: ['customerSavings'],
    credit: ['customerWallets'],
    counter: against(CUSTOMER_SAVINGS),
  }),
  adjustment: walletEntry({
    when: 'An admin credits a wallet with a written reason (a debit adjustment is the other way round)',
    direction: 'both',
    debit: ['supportAdjustments'],
    credit: ['customerWallets'],
    counter: against(ACCOUNTS.supportAdjustments.code),
  }),
} as const;

export type JournalKind = keyof typeof JOURNALS;
export type JournalEvent<Kind extends JournalKind> = (typeof JOURNALS)[Kind] extends Entry<infer Event> ? Event : never;

declare const catalogued: unique symbol;
/** A journal built by `journal()`: the only kind `post()` takes. */
export type Journal = {
  readonly kind: JournalKind;
  readonly reference: string;
  readonly postings: readonly Posting[];
  readonly [catalogued]: true;
};

/** The journal of `event`, posted once per (kind, reference). */
export function journal<Kind extends JournalKind>(kind: Kind, reference: string, event: JournalEvent<Kind>): Journal {
  const build = JOURNALS[kind].lines as (event: JournalEvent<Kind>) => Posting[];
  return { kind, reference, postings: build(event) } as unknown as Journal;
}

/** The catalogue as a Markdown table: each event, when it happens, what it debits and credits. */
export function journalTable(): string {
  const names = (accounts: readonly AccountName[]) =>
    accounts.map((name) => `${ACCOUNTS[name].code} ${ACCOUNTS[name].name}`).join('; ');
  const rows = Object.entries(JOURNALS).map(
    ([kind, { when, debit, credit }]: [string, Entry<never>]) =>
      `| \`${kind}\` | ${when} | ${names(debit)} | ${names(credit)} |`,
  );
  return ['| Journal | When | Debits | Credits |', '|---|---|---|---|', ...rows].join('\n');
}
