import { z } from 'zod';
import { SUPPORT_CASE_STATUSES } from '../support';
import { timestamp } from './http';

/** How customers reach the business; null where the admins have set none. */
export const supportContactsReply = z.object({
  /** +234…, for a tel: link. */
  phone: z.string().nullable(),
  /** +234…, for a wa.me link. */
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
});
export type SupportContacts = z.infer<typeof supportContactsReply>;

/** One message of a case, as its customer sees it (the team's internal notes are never listed). */
export const supportMessageReply = z.object({
  id: z.number().int(),
  /** customer: the customer's own words; support: a reply from the team. */
  from: z.enum(['customer', 'support']),
  body: z.string(),
  created_at: timestamp,
});

export const supportCaseReply = z.object({
  id: z.number().int(),
  /** The purchase (ORD-, SUB-, VTU-) or wallet movement (TX_) the case is about. */
  reference: z.string(),
  status: z.enum(SUPPORT_CASE_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
  messages: z.array(supportMessageReply),
});
export type SupportCase = z.infer<typeof supportCaseReply>;

/** A message, reply or internal note as the team reads it. */
export const adminSupportEntryReply = z.object({
  id: z.number().int(),
  kind: z.enum(['message', 'reply', 'note']),
  body: z.string(),
  /** Who wrote it: the customer, or the admin (null once that account is gone). */
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: timestamp,
});

export const adminSupportCaseReply = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** What the reference names, so the screen can open it: an order or subscription has an id. */
  reference_kind: z.enum(['order', 'subscription', 'vtu', 'wallet']),
  reference_id: z.number().int().nullable(),
  status: z.enum(SUPPORT_CASE_STATUSES),
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string(),
  }),
  created_at: timestamp,
  updated_at: timestamp,
  entries: z.array(adminSupportEntryReply),
});
export type AdminSupportCase = z.infer<typeof adminSupportCaseReply>;
