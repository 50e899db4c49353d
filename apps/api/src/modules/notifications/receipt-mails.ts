import { formatNaira, koboToNaira } from '@ruwa/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { lagosDateTimeText } from '../../lib/lagos-time';
import { actionEmail } from '../../platform/mail/mailer';
import { usersByIds } from '../users/service';
import { receiptMails } from './schema';

/**
 * A receipt by e-mail for every money movement, at the customer's verified address. The module that
 * moved the money hands the receipt over after its transaction committed (`mailReceipt`), and a job
 * sends it: the money never waits for a mailer, and a mailer that fails cannot undo it. Each
 * (customer, kind, reference) is mailed once, however often a webhook is replayed or a job rerun.
 */

export const RECEIPT_MAIL_JOB = 'notifications.receipt-mail';

/**
 * Each kind of movement and whether its mail is essential. Essential mails tell of money leaving or
 * arriving unasked and always go; the others are receipts for what the customer just did on screen,
 * and the `receipt_mails` setting turns them off.
 */
export const RECEIPT_MAIL_KINDS = {
  payment: { essential: false },
  deposit: { essential: false },
  transfer_in: { essential: true },
  withdrawal: { essential: true },
  withdrawal_settled: { essential: true },
  withdrawal_failed: { essential: true },
  refund: { essential: true },
} as const;
export type ReceiptMailKind = keyof typeof RECEIPT_MAIL_KINDS;

/** Every text of the receipt e-mails, kept together so they can move into the message catalogs. */
export const RECEIPT_MAIL_TEXTS = {
  subjects: {
    payment: 'Your payment receipt',
    deposit: 'Money added to your wallet',
    transfer_in: 'Bank transfer received',
    withdrawal: 'Withdrawal requested',
    withdrawal_settled: 'Withdrawal paid to your bank',
    withdrawal_failed: 'Withdrawal failed: money back in your wallet',
    refund: 'Refund issued',
  } satisfies Record<ReceiptMailKind, string>,
  intros: {
    payment: 'Thank you for your payment. Here is your receipt.',
    deposit: 'Your card deposit reached your Ruwa wallet. Here is your receipt.',
    transfer_in: 'A bank transfer reached your Ruwa wallet. Here is your receipt.',
    withdrawal: 'We received your withdrawal request. Here is your receipt.',
    withdrawal_settled: 'Your withdrawal was paid to your bank. Here is your receipt.',
    withdrawal_failed: 'Your withdrawal could not be paid, so the money is back in your wallet. Here is your receipt.',
    refund: 'We refunded you. Here is your receipt.',
  } satisfies Record<ReceiptMailKind, string>,
  greeting: (firstName: string) => `Hello ${firstName},`,
  reference: 'Reference',
  date: 'Date',
  lagosTime: 'Lagos time',
  what: 'What',
  amount: 'Amount',
  fee: 'Fee',
  paidWith: 'Paid with',
  status: 'Status',
  viewReceipt: 'View receipt',
  optionalFooter:
    'You get receipts for your payments because they are on. You can turn them off on your Profile, under E-mail receipts.',
  essentialFooter:
    'We always e-mail you when money leaves your wallet or arrives without you asking, so you can spot anything you did not do.',
} as const;

/** What moved, as its receipt says it. */
export const RECEIPT_WHAT = {
  order: (quantity: number, name: string) => `${quantity} x ${name}`,
  subscription: (quantity: number, name: string, deliveries: number) =>
    `Subscription: ${quantity} x ${name}, ${deliveries} ${deliveries === 1 ? 'delivery' : 'deliveries'}`,
  airtime: (network: string, phone: string) => `${network} airtime for ${phone}`,
  data: (bundle: string, phone: string) => `${bundle} data for ${phone}`,
  deposit: 'Wallet top-up by card',
  transferIn: 'Bank transfer into your Ruwa account number',
  withdrawal: (destination: string) => `Withdrawal to ${destination}`,
  refund: (what: string) => `Refund: ${what}`,
} as const;

/** How a movement was paid, as its receipt says it. */
export const RECEIPT_PAID_WITH = {
  card: 'Card',
  wallet: 'Ruwa wallet',
  bankTransfer: 'Bank transfer',
  toWallet: 'Back to your Ruwa wallet',
  toCard: 'Back to the card you paid with',
  toBank: (destination: string) => `To ${destination}`,
} as const;

/** Where a movement stands, as its receipt says it. */
export const RECEIPT_STATUSES = {
  successful: 'Successful',
  onItsWay: 'On its way to your bank',
  held: 'Held for your safety; you can cancel it from your wallet',
  paid: 'Paid to your bank',
  reversed: 'Failed and returned to your wallet',
  refunded: 'Refunded',
  refundToCard: 'On its way to your card (3 to 10 working days)',
} as const;

const receiptSchema = z.object({
  userId: z.number().int().positive(),
  kind: z.enum(Object.keys(RECEIPT_MAIL_KINDS) as [ReceiptMailKind, ...ReceiptMailKind[]]),
  reference: z.string().min(1),
  /** When the money moved (ISO). */
  at: z.string(),
  what: z.string(),
  amountKobo: z.number().int().nonnegative(),
  feeKobo: z.number().int().nonnegative(),
  paidWith: z.string(),
  status: z.string(),
});

/** What a receipt e-mail says about one money movement. */
export type Receipt = Omit<z.infer<typeof receiptSchema>, 'at'> & { at: Date };

/**
 * Queues the receipt e-mail of a movement. Call it after the movement's transaction committed: it
 * never throws (a receipt not queued is logged; the money has moved all the same), and on
 * PostgreSQL the job is a row of the shared queue, so it is sent even if this instance stops next.
 */
export async function mailReceipt(ctx: AppContext, receipt: Receipt): Promise<void> {
  try {
    await ctx.jobs.send(RECEIPT_MAIL_JOB, { ...receipt, at: receipt.at.toISOString() });
  } catch (error) {
    ctx.log.error({ err: error, userId: receipt.userId, reference: receipt.reference }, 'receipt e-mail not queued');
  }
}

/** The receipt screen of a reference. */
export const receiptUrl = (publicUrl: string, reference: string) =>
  `${publicUrl.replace(/\/$/, '')}/receipts/${encodeURIComponent(reference)}`;

/** The receipt e-mail's subject, plain text and HTML. */
export function receiptEmail(publicUrl: string, firstName: string, receipt: Receipt) {
  const texts = RECEIPT_MAIL_TEXTS;
  const money = (kobo: number) => formatNaira(koboToNaira(kobo));
  return {
    subject: `Ruwa: ${texts.subjects[receipt.kind]} (${receipt.reference})`,
    ...actionEmail({
      greeting: texts.greeting(firstName),
      lines: [
        texts.intros[receipt.kind],
        `${texts.reference}: ${receipt.reference}`,
        `${texts.date}: ${lagosDateTimeText(receipt.at)} (${texts.lagosTime})`,
        `${texts.what}: ${receipt.what}`,
        `${texts.amount}: ${money(receipt.amountKobo)}`,
        `${texts.fee}: ${money(receipt.feeKobo)}`,
        `${texts.paidWith}: ${receipt.paidWith}`,
        `${texts.status}: ${receipt.status}`,
      ],
      action: { label: texts.viewReceipt, url: receiptUrl(publicUrl, receipt.reference) },
      footer: RECEIPT_MAIL_KINDS[receipt.kind].essential ? texts.essentialFooter : texts.optionalFooter,
    }),
  };
}

/**
 * The job: sends one receipt, to a verified address only, and not a receipt the customer turned off.
 * The (customer, kind, reference) row is claimed before sending, so a second run finds it and sends
 * nothing; a mailer that fails gives the claim back and the job fails, to be tried again.
 */
export async function sendReceiptMail(ctx: AppContext, data: Record<string, unknown>): Promise<void> {
  const parsed = receiptSchema.safeParse(data);
  if (!parsed.success) {
    ctx.log.warn({ data }, 'receipt e-mail job without a receipt; dropped');
    return;
  }
  const receipt = { ...parsed.data, at: new Date(parsed.data.at) };
  const user = (await usersByIds(ctx.db, [receipt.userId])).get(receipt.userId);
  if (!user || user.emailVerifiedAt === null) return;
  if (!RECEIPT_MAIL_KINDS[receipt.kind].essential && !user.receiptMails) return;
  const key = { userId: receipt.userId, kind: receipt.kind, reference: receipt.reference };
  const claimed = await ctx.db
    .insert(receiptMails)
    .values(key)
    .onConflictDoNothing()
    .returning({ id: receiptMails.id });
  if (claimed.length === 0) return;
  try {
    await ctx.mailer.send({ to: user.email, ...receiptEmail(ctx.publicUrl, user.firstName, receipt) });
  } catch (error) {
    await ctx.db
      .delete(receiptMails)
      .where(
        and(
          eq(receiptMails.userId, key.userId),
          eq(receiptMails.kind, key.kind),
          eq(receiptMails.reference, key.reference),
        ),
      );
    throw error;
  }
}

export function registerNotificationJobs(ctx: AppContext) {
  // Sent after each money movement commits, by the module that moved the money.
  ctx.jobs.work(RECEIPT_MAIL_JOB, (data) => sendReceiptMail(ctx, data));
}
