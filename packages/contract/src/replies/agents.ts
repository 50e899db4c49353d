import { z } from 'zod';
import { AGENT_STATUSES } from '../auth';
import { CATEGORY_KINDS } from '../catalog';
import { day, naira, timestamp } from './http';
import { orderReply } from './orders';

/** An agent's record: their business, area, what they sell, and where their application stands. */
export const agentReply = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  business_name: z.string(),
  business_email: z.string(),
  business_phone: z.string().nullable(),
  /** The first of `locations` (by name), for screens that show one area. */
  location_id: z.number().int().nullable(),
  location_name: z.string().nullable(),
  /** Every location the agent delivers in, by name. */
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  image: z.string().nullable(),
  cac_number: z.string().nullable(),
  sells_sachet_water: z.boolean(),
  sells_bottle_water: z.boolean(),
  sells_gas: z.boolean(),
  sms_alerts: z.boolean(),
  status: z.enum(AGENT_STATUSES),
  decision_note: z.string().nullable(),
  created_at: timestamp,
});
export type Agent = z.infer<typeof agentReply>;

/** The agent's counts and earnings. */
export const agentDashboardReply = z.object({
  open_orders: z.number().int(),
  in_progress: z.number().int(),
  delivered_this_week: z.number().int(),
  delivered_this_month: z.number().int(),
  earnings_this_month: naira,
  earnings_all_time: naira,
  /** The last 14 days, oldest first; `day` is YYYY-MM-DD (Lagos time). */
  deliveries_per_day: z.array(z.object({ day, deliveries: z.number().int() })),
});
export type AgentDashboard = z.infer<typeof agentDashboardReply>;

/** One commission: `percent` of the order's amount, paid when the agent delivered it (naira). */
export const commissionReply = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  kind: z.enum(CATEGORY_KINDS),
  percent: z.number(),
  order_amount: naira,
  amount: naira,
  created_at: timestamp,
});
export type Commission = z.infer<typeof commissionReply>;

/** One agent as admins/agents/show answers it: the business, the person, the work and the money. */
export const adminAgentDetailReply = z.object({
  agent: agentReply,
  /** The account behind the agent record (null if it is gone). */
  person: z
    .object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone_number: z.string(),
    })
    .nullable(),
  /** Orders they hold and have not delivered yet, oldest first (at most 50). */
  open_orders: z.array(orderReply),
  deliveries_done: z.number().int(),
  commission: z.object({
    /** Every delivered order's commission, as recorded at delivery. */
    earned: naira,
    /** What has reached their wallet as commission. */
    paid: naira,
    /** Earned and not yet in their wallet. */
    owed: naira,
  }),
});
export type AdminAgentDetail = z.infer<typeof adminAgentDetailReply>;
