import { z } from 'zod';
import { userReply } from './auth';
import { raffleTicketReply, referralRewardReply } from './engagement';
import { orderReply, subscriptionReply } from './orders';
import { vtuPurchaseReply } from './vtu';
import { walletReply, walletTransactionRowReply, withdrawalHoldReason, withdrawalStatus } from './wallet';
import { day, naira, timestamp } from './http';

/** A user as the admin lists see them: with the account status. */
export const customerReply = userReply.extend({ status: z.enum(['active', 'suspended']) });
export type Customer = z.infer<typeof customerReply>;
export type CustomerStatus = Customer['status'];

/** Naira by what was sold. */
const revenueByKind = z.object({
  sachet_water: naira,
  bottle_water: naira,
  gas: naira,
  airtime: naira,
  data: naira,
});

export const dashboardDayReply = z.object({ day, revenue: revenueByKind, orders: z.number().int() });
export type DashboardDay = z.infer<typeof dashboardDayReply>;

const countAndAmount = z.object({ count: z.number().int(), amount: naira });

/** Naira amounts throughout; `chart` always covers the last 30 days, whatever the range. */
export const dashboardReply = z.object({
  range: z.enum(['today', '7d', '30d']),
  /** Where the range starts: midnight in Lagos. */
  from: timestamp,
  revenue: revenueByKind,
  revenue_total: naira,
  /** One-off orders placed in the range, by their status now. */
  orders_by_status: z.record(z.string(), z.number().int()),
  vtu: z.object({
    purchases: z.number().int(),
    delivered: z.number().int(),
    /** Delivered out of all, in percent with one decimal; null when there were none. */
    success_rate: z.number().nullable(),
    refunds: z.number().int(),
    refunded_amount: naira,
  }),
  deposits: countAndAmount,
  withdrawals: countAndAmount,
  /** Every customer's wallet and savings together. */
  wallet_float: naira,
  new_customers: z.number().int(),
  active_subscriptions: z.number().int(),
  pending_agent_applications: z.number().int(),
  chart: z.array(dashboardDayReply),
});
export type Dashboard = z.infer<typeof dashboardReply>;

/** One recorded admin (or system) change; `before`/`after` hold the fields that changed. */
export const auditEntryReply = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  /** Who made the change; null for the system (or an account since removed). */
  actor: z.object({ name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  /** The changed record's id, as text. */
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntryReply>;

/** The first rows of one of a customer's lists, and how many there are in all. */
const firstRows = <Row extends z.ZodType>(row: Row) => z.object({ rows: z.array(row), total: z.number().int() });

/** GET admin/customers/show: the profile, wallet and the first rows of each of their lists. */
export const customerDetailReply = z.object({
  user: customerReply,
  wallet: walletReply,
  ledger: firstRows(walletTransactionRowReply),
  orders: firstRows(orderReply),
  subscriptions: firstRows(subscriptionReply),
  vtu: firstRows(vtuPurchaseReply),
  referrals: firstRows(referralRewardReply),
  tickets: firstRows(raffleTicketReply),
});
export type CustomerDetail = z.infer<typeof customerDetailReply>;

/** GET admin/withdrawals: a withdrawal with its customer, newest first (held ones: the soonest sent first). */
export const adminWithdrawalReply = z.object({
  id: z.number().int(),
  reference: z.string(),
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string(),
  }),
  amount: naira,
  destination: z.string(),
  status: withdrawalStatus,
  /** Why it was held (also after the hold ended); null for one never held. */
  hold_reason: withdrawalHoldReason.nullable(),
  held_until: timestamp.nullable(),
  /** When the hold ended and the bank transfer started (by an admin or at `held_until`). */
  released_at: timestamp.nullable(),
  /** The admin who released or approved it; null when its hold ended on time or it was never held. */
  released_by: z.number().int().nullable(),
  /** Held until an admin other than its customer approves it (no time ends this hold). */
  needs_approval: z.boolean(),
  created_at: timestamp,
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalReply>;

/** What the admin sidebar's badges count: paid orders past the alert time with no agent, and applications. */
export const adminAlertCountsReply = z.object({
  unaccepted_orders: z.number().int(),
  pending_agents: z.number().int(),
});
export type AdminAlertCounts = z.infer<typeof adminAlertCountsReply>;

/** An active admin, as Settings lists them to choose who is on duty for order alerts. */
export const staffMemberReply = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberReply>;

/** A support credit above the admins' amount: it waits for a second admin before the wallet moves. */
export const walletCreditRequestReply = z.object({
  reference: z.string(),
  status: z.enum(['pending', 'approved']),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  amount: naira,
  reason: z.string(),
  requested_by: z.number().int(),
  approved_by: z.number().int().nullable(),
  created_at: timestamp,
  approved_at: timestamp.nullable(),
});
export type WalletCreditRequest = z.infer<typeof walletCreditRequestReply>;
