import type { CategoryKind } from '@ruwa/contract';

export type AccountType = 'asset' | 'liability' | 'equity' | 'revenue' | 'expense';

/**
 * The chart of accounts, named only here. Postings are signed: a debit is positive, a credit
 * negative, so every journal sums to zero. `normal` is the side an account's balance sits on, which
 * is how the trial balance shows it (a refund is revenue given back, so it sits on the debit side).
 *
 * The two customer accounts are control accounts with one sub-account per customer (posting
 * `user_id`, shown as `2100-<user id>`): a customer's wallet account IS `wallets.balance_kobo` and
 * the savings account `wallets.savings_kobo`, kept by the ledger's own writes; platform accounts keep
 * their running balance in `ledger_balances`.
 */
export const ACCOUNTS = {
  paystackClearing: { code: '1100', name: 'Paystack clearing', type: 'asset', normal: 'debit' },
  paystackBalance: { code: '1200', name: 'Paystack balance (settlement to bank)', type: 'asset', normal: 'debit' },
  vtuFloat: { code: '1300', name: 'VTU provider float', type: 'asset', normal: 'debit' },
  /**
   * Where a reconciliation difference waits until someone finds what it was: on the balance sheet,
   * so an unexplained gap is neither a profit nor a loss (docs/decisions/054).
   */
  suspense: { code: '1900', name: 'Suspense (unexplained differences)', type: 'asset', normal: 'debit' },
  customerWallets: { code: '2100', name: 'Customer wallets', type: 'liability', normal: 'credit' },
  customerSavings: { code: '2110', name: 'Customer savings', type: 'liability', normal: 'credit' },
  withdrawalsInTransit: { code: '2300', name: 'Withdrawals in transit', type: 'liability', normal: 'credit' },
  cardRefundsInTransit: { code: '2310', name: 'Card refunds in transit', type: 'liability', normal: 'credit' },
  /** Empty while commission goes straight to the agent's wallet at delivery (docs/decisions/017). */
  commissionPayable: { code: '2400', name: 'Commission payable', type: 'liability', normal: 'credit' },
  openingBalances: { code: '3000', name: 'Opening balances', type: 'equity', normal: 'credit' },
  salesSachetWater: { code: '4110', name: 'Sales revenue: sachet water', type: 'revenue', normal: 'credit' },
  salesBottleWater: { code: '4120', name: 'Sales revenue: bottled water', type: 'revenue', normal: 'credit' },
  salesGas: { code: '4130', name: 'Sales revenue: gas', type: 'revenue', normal: 'credit' },
  salesVtu: { code: '4200', name: 'VTU sales revenue (airtime and data)', type: 'revenue', normal: 'credit' },
  /** What the VTU provider pays us for selling its bills, as its `commission_details` name it. */
  vtuCommission: { code: '4210', name: 'VTU commission earned (bills)', type: 'revenue', normal: 'credit' },
  deliveryFees: { code: '4300', name: 'Delivery fee revenue', type: 'revenue', normal: 'credit' },
  /** Contra-revenue: sales given back, shown as a reduction of revenue. */
  refunds: { code: '4900', name: 'Refunds', type: 'revenue', normal: 'debit', contra: true },
  agentCommission: { code: '5100', name: 'Agent commission expense', type: 'expense', normal: 'debit' },
  referralRewards: { code: '5200', name: 'Referral rewards expense', type: 'expense', normal: 'debit' },
  /** What the VTU provider charged for each delivered vend (face value less its discount), out of the float. */
  vtuCostOfSales: { code: '5300', name: 'VTU cost of sales', type: 'expense', normal: 'debit' },
  supportAdjustments: { code: '5900', name: 'Support adjustments', type: 'expense', normal: 'debit' },
} as const satisfies Record<
  string,
  { code: string; name: string; type: AccountType; normal: 'debit' | 'credit'; contra?: true }
>;

export type AccountName = keyof typeof ACCOUNTS;
export type AccountCode = (typeof ACCOUNTS)[AccountName]['code'];

export const CUSTOMER_WALLET: AccountCode = ACCOUNTS.customerWallets.code;
export const CUSTOMER_SAVINGS: AccountCode = ACCOUNTS.customerSavings.code;
/** The accounts whose balance lives in the customer's wallet row, one sub-account per customer. */
export const isCustomerAccount = (code: string) => code === CUSTOMER_WALLET || code === CUSTOMER_SAVINGS;

const SALES: Record<CategoryKind, AccountCode> = {
  sachet_water: ACCOUNTS.salesSachetWater.code,
  bottle_water: ACCOUNTS.salesBottleWater.code,
  gas: ACCOUNTS.salesGas.code,
  airtime_data: ACCOUNTS.salesVtu.code,
};

/** The revenue account a sale of this category kind is credited to. */
export function salesAccountFor(kind: string): AccountCode {
  const code = SALES[kind as CategoryKind] as AccountCode | undefined;
  if (!code) throw new Error(`no sales account for category kind ${kind}`);
  return code;
}

export type Account = { code: AccountCode; name: string; type: AccountType; normal: 'debit' | 'credit'; contra?: true };

export const accountByCode = new Map<string, Account>(
  Object.values(ACCOUNTS).map((account) => [account.code, account]),
);

/** Whether an account reduces the others of its type (a contra account sits on the other side). */
export const isContra = (code: string) => accountByCode.get(code)?.contra === true;
