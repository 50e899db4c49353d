import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order, Subscription, VtuPurchase, Wallet, WalletTransaction } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Customer } from '@ruwa/contract/replies';

/** The first rows of one of the customer's lists, and how many there are in all. */
export type FirstRows<Row> = { rows: Row[]; total: number };

export type CustomerReferralReward = {
  id: number;
  title: string;
  type: string;
  description: string;
  amount: number;
  created_at: string;
};

export type CustomerTicket = {
  id: number;
  slug: string;
  expiration_date: string;
  status: 'live' | 'expired' | 'won';
  created_at: string;
};

export type CustomerDetail = {
  user: Customer;
  wallet: Wallet;
  ledger: FirstRows<WalletTransaction>;
  orders: FirstRows<Order>;
  subscriptions: FirstRows<Subscription>;
  vtu: FirstRows<VtuPurchase>;
  referrals: FirstRows<CustomerReferralReward>;
  tickets: FirstRows<CustomerTicket>;
};

/** GET admin/customers/show?id=N -> the profile, wallet and the first rows of each of their lists. */
export function getCustomer(id: number, signal?: AbortSignal) {
  return api.get<CustomerDetail>('admin/customers/show', { id }, signal).then(({ data }) => data);
}

export function customerQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.admin.customers.one(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
    staleTime: 0,
  });
}

export function useCustomer(id: number) {
  return useQuery(customerQueryOptions(id));
}
