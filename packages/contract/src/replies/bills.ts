import { z } from 'zod';
import { PAYMENT_METHODS } from '../orders';
import { VTU_STATUSES } from '../vtu';
import { timestamp } from './http';

const kobo = z.number().int().describe('kobo');

/** GET bills/services: a biller and the least and most one payment to it may be. */
export const billServiceReply = z.object({
  service_id: z.string(),
  name: z.string(),
  category: z.enum(['electricity']),
  min_amount_kobo: kobo,
  max_amount_kobo: kobo,
  enabled: z.boolean(),
});
export type BillService = z.infer<typeof billServiceReply>;

/** POST bills/verify: who the provider says the meter belongs to. */
export const billVerificationReply = z.object({
  customer_name: z.string(),
  address: z.string().nullable(),
  meter_type: z.enum(['prepaid', 'postpaid']),
});
export type BillVerification = z.infer<typeof billVerificationReply>;

/** POST bills/pay, GET bills/show and bills/me: a bill payment and what the provider handed over. */
export const billReply = z.object({
  id: z.number().int(),
  /** VTU-n, the one reference every airtime, data and bill purchase is quoted by. */
  reference: z.string(),
  category: z.enum(['electricity']),
  service_id: z.string(),
  service_name: z.string(),
  billers_code: z.string(),
  meter_type: z.enum(['prepaid', 'postpaid']).nullable(),
  customer_name: z.string().nullable(),
  address: z.string().nullable(),
  /** Local form, where the token is sent by SMS. */
  phone: z.string(),
  status: z.enum(VTU_STATUSES),
  /** The prepaid token, once delivered; null for postpaid or until then. */
  token: z.string().nullable(),
  units: z.string().nullable(),
  amount_kobo: kobo,
  payment_method: z.enum(PAYMENT_METHODS),
  created_at: timestamp,
});
export type Bill = z.infer<typeof billReply>;
