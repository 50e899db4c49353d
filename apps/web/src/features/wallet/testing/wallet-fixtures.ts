import type { BankDetail, Wallet, WalletTransactionRow } from '@ruwa/contract';
import { jsonResponse, makeUser, stubFetch, type RecordedRequest } from '@/testing/render-app';

export function makeAccount(overrides: Partial<BankDetail> = {}): BankDetail {
  return {
    id: 5,
    bank_name: 'United Bank For Africa',
    bank_code: '033',
    account_number: '0123456789',
    account_name: 'ADA OBI',
    first_name: 'Ada',
    last_name: 'Obi',
    ...overrides,
  };
}

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    balance: 2500,
    savings: 0,
    bank_details: [],
    pin_set: true,
    pin_locked_until: null,
    held_withdrawals: [],
    ...overrides,
  };
}

export function makeTransaction(overrides: Partial<WalletTransactionRow> = {}): WalletTransactionRow {
  return {
    id: 1,
    tx_id: 'RUWA_TX_1',
    type: 'deposit',
    status: 'success',
    amount: 1000,
    direction: 'credit',
    balance_after: 1000,
    description: 'Card deposit',
    created_at: '2026-02-03T09:30:00.000Z',
    outcome: 'completed',
    refund: null,
    ...overrides,
  };
}

export const virtualAccount = { bank_name: 'Wema Bank', account_number: '9012345678', account_name: 'RUWA/ADA OBI' };

export const banks = [
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Access Bank', code: '044' },
];

const ok = (data: unknown, message = '') => jsonResponse(200, { message, data });

/**
 * The wallet API for screen tests: `routes` answers first (by "METHOD path", query left out); the
 * signed-in user, the wallet, an empty transaction list and the banks are answered otherwise.
 */
export function stubWalletApi(
  routes: Record<string, (request: RecordedRequest) => Response | undefined> = {},
  { wallet = makeWallet() }: { wallet?: Wallet } = {},
) {
  return stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname.replace(/^\/api\//, '');
    const custom = routes[`${request.method} ${path}`];
    if (custom) return custom(request);
    if (path === 'users/me') return ok(makeUser());
    if (path === 'wallet/me') return ok(wallet);
    if (path === 'wallet-transactions/me') {
      return ok({
        current_page: 1,
        last_page: 1,
        per_page: 15,
        total: 0,
        prev_page_url: null,
        next_page_url: null,
        data: [],
      });
    }
    if (path === 'banks') return ok(banks);
    if (path === 'wallet/virtual-account') return ok(virtualAccount);
    // The shell's Notification tab badge.
    if (path === 'notifications/unread-count') return ok({ count: 0 });
    return undefined;
  });
}

export { ok };
