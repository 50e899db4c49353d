import { z } from 'zod';
import { idField } from './catalog';
import { parsePurchaseReference, type PurchaseKind } from './purchase-reference';

/** Where a support case stands: with the team, waiting for the customer's answer, or done. */
export const SUPPORT_CASE_STATUSES = ['open', 'waiting_on_customer', 'resolved'] as const;
export type SupportCaseStatus = (typeof SUPPORT_CASE_STATUSES)[number];

export const SUPPORT_CASE_STATUS_LABELS: Record<SupportCaseStatus, string> = {
  open: 'Open',
  waiting_on_customer: 'Waiting on you',
  resolved: 'Resolved',
};

/** The same statuses as the support team reads them. */
export const SUPPORT_CASE_STATUS_ADMIN_LABELS: Record<SupportCaseStatus, string> = {
  open: 'Open',
  waiting_on_customer: 'Waiting on customer',
  resolved: 'Resolved',
};

export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 2000;

/** What a case is about: a purchase (ORD-, SUB-, VTU-) or a wallet movement (its TX_ id). */
export type SupportReferenceKind = PurchaseKind | 'wallet';

const WALLET_TX = /^TX_[0-9A-Z]{1,16}_[0-9A-F]{12}$/i;

/** The thing a quoted reference names, or null when it is not a reference at all. */
export function parseSupportReference(
  reference: string,
): { kind: SupportReferenceKind; id: number | null; reference: string } | null {
  const text = reference.trim();
  const purchase = parsePurchaseReference(text);
  if (purchase) return { kind: purchase.kind, id: purchase.id, reference: text.toUpperCase() };
  if (WALLET_TX.test(text)) return { kind: 'wallet', id: null, reference: text.toUpperCase() };
  return null;
}

const textField = (label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(SUPPORT_MESSAGE_MAX, `The ${label} may not be longer than ${SUPPORT_MESSAGE_MAX} characters.`);

/** POST support/cases: a problem with one of the customer's purchases or wallet movements. */
export const supportCaseStoreBody = z.object({
  reference: z
    .string({ error: 'The reference field is required.' })
    .trim()
    .min(1, 'The reference field is required.')
    .max(64, 'Enter a reference like ORD-12, SUB-3, VTU-7 or a wallet TX_ id.')
    .refine(
      (value) => parseSupportReference(value) !== null,
      'Enter a reference like ORD-12, SUB-3, VTU-7 or a wallet TX_ id.',
    ),
  message: textField('message').refine(
    (value) => value.length >= SUPPORT_MESSAGE_MIN,
    `Tell us a little more: at least ${SUPPORT_MESSAGE_MIN} characters.`,
  ),
});
export type SupportCaseStoreBody = z.infer<typeof supportCaseStoreBody>;

/** POST support/cases/reply: the customer answers the team on one of their own cases. */
export const supportCaseCustomerReplyBody = z.object({
  id: idField(),
  message: textField('message'),
});

/** GET admin/support/cases: `status=` narrows the list; empty shows every case. */
export const adminSupportCasesFilter = {
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(SUPPORT_CASE_STATUSES, { error: 'Choose a valid status.' }).optional(),
  ),
};

/** POST admin/support/cases/update-status. */
export const supportCaseStatusBody = z.object({
  id: idField(),
  status: z.enum(SUPPORT_CASE_STATUSES, { error: 'Choose a valid status.' }),
});

/** POST admin/support/cases/add-note: for the team only, never shown to the customer. */
export const supportCaseNoteBody = z.object({ id: idField(), note: textField('note') });

/** POST admin/support/cases/reply: reaches the customer in the app and by e-mail. */
export const supportCaseReplyBody = z.object({ id: idField(), message: textField('reply') });

export type { AdminSupportCase, SupportCase, SupportContacts } from './replies/support';
