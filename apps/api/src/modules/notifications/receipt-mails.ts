import { formatNaira, koboToNaira } from '@ruwa/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { oldestInQueue } from '../../db/queue';
import { lagosDateTimeText } from '../../lib/lagos-time';
import { sendSoon } from '../../platform/jobs/queue';
import { actionEmail } from '../../platform/mail/mailer';
import { usersByIds } from '../users/service';
import { receiptMails, receiptMailsDue } from './schema';

/**
 * A receipt by e-mail for every money movement, at the customer's verified address. The module that
 * moved the money queues the receipt in `receipt_mails_due` (`mailReceipt` after its commit, or
 * `receiptMailQueuedFrom` inside the wallet order's one statement), and a job sends what is queued:
 * the money never waits for a mailer, and a mailer that fails cannot undo it. Each (customer, kind,
 * reference) is mailed once, however often a webhook is replayed or a job rerun.
 */

/** The job that sends every queued receipt; asked for soon after each movement, and run each minute. */
export const RECEIPT_MAIL_JOB = 'notifications.receipt-mail';
/** Receipts one run of the job claims at a time. */
const RECEIPTS_PER_CLAIM = 50;

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
 * never throws (a receipt not queued is logged; the money has moved all the same). The row is in
 * the database, so the mail is sent even if this instance stops next.
 */
export async function mailReceipt(ctx: AppContext, receipt: Receipt): Promise<void> {
  try {
    await ctx.db.insert(receiptMailsDue).values({ receipt: { ...receipt, at: receipt.at.toISOString() } });
    mailReceiptsSoon(ctx);
  } catch (error) {
    ctx.log.error({ err: error, userId: receipt.userId, reference: receipt.reference }, 'receipt e-mail not queued');
  }
}

/**
 * The same queueing as part of one SQL statement, for each row of `source`: every field a SQL value
 * over that row. Ask for the job (`mailReceiptsSoon`) once the statement has committed.
 */
export function receiptMailQueuedFrom(source: SQL, receipt: { [Field in keyof Receipt]: SQL }): SQL {
  const fields = Object.entries(receipt).map(([key, value]) => sql`${key}::text, ${value}`);
  return sql`insert into receipt_mails_due (receipt) select jsonb_build_object(${sql.join(fields, sql`, `)}) from ${source}`;
}

/** Asks for the queued receipts to be sent within a second or so; the schedule sends them anyway. */
export function mailReceiptsSoon(ctx: AppContext): void {
  sendSoon(ctx.jobs, RECEIPT_MAIL_JOB, (error) => {
    ctx.log.error({ err: error }, 'receipt e-mail job not queued; the schedule will send the receipts');
  });
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
 * Sends receipts, each to a verified address only and not one the customer turned off. Each
 * (customer, kind, reference) row is claimed before sending, so a second run finds it and sends
 * nothing; a mailer that fails gives the claim back. The customers are read and the claims made
 * once for all the receipts given. Answers the receipts sent or dropped, and those whose mail failed.
 */
async function sendReceipts(ctx: AppContext, data: Record<string, unknown>[]) {
  const receipts: Receipt[] = [];
  for (const item of data) {
    const parsed = receiptSchema.safeParse(item);
    if (parsed.success) receipts.push({ ...parsed.data, at: new Date(parsed.data.at) });
    else ctx.log.warn({ data: item }, 'receipt e-mail without a receipt; dropped');
  }
  const users = await usersByIds(
    ctx.db,
    receipts.map((receipt) => receipt.userId),
  );
  const wanted = receipts.filter((receipt) => {
    const user = users.get(receipt.userId);
    if (!user || user.emailVerifiedAt === null) return false;
    return RECEIPT_MAIL_KINDS[receipt.kind].essential || user.receiptMails;
  });
  const keyOf = (r: { userId: number; kind: string; reference: string }) => `${r.userId}:${r.kind}:${r.reference}`;
  const claimed = wanted.length
    ? await ctx.db
        .insert(receiptMails)
        .values(wanted.map(({ userId, kind, reference }) => ({ userId, kind, reference })))
        .onConflictDoNothing()
        .returning({ userId: receiptMails.userId, kind: receiptMails.kind, reference: receiptMails.reference })
    : [];
  const toSend = new Set(claimed.map(keyOf));
  const failed: Receipt[] = [];
  for (const receipt of wanted) {
    // A receipt given twice in one batch is claimed, and sent, once.
    if (!toSend.delete(keyOf(receipt))) continue;
    const user = users.get(receipt.userId)!;
    try {
      await ctx.mailer.send({ to: user.email, ...receiptEmail(ctx.publicUrl, user.firstName, receipt) });
    } catch (error) {
      ctx.log.error({ err: error, userId: receipt.userId, reference: receipt.reference }, 'receipt e-mail not sent');
      await ctx.db
        .delete(receiptMails)
        .where(
          and(
            eq(receiptMails.userId, receipt.userId),
            eq(receiptMails.kind, receipt.kind),
            eq(receiptMails.reference, receipt.reference),
          ),
        );
      failed.push(receipt);
    }
  }
  return { handled: receipts.length - failed.length, failed };
}

/** Sends one receipt as the queue's job does; throws when its mail failed. */
export async function sendReceiptMail(ctx: AppContext, data: Record<string, unknown>): Promise<void> {
  const { failed } = await sendReceipts(ctx, [data]);
  if (failed.length) throw new Error('the receipt e-mail was not sent');
}

/**
 * Sends every queued receipt: claims the oldest rows by deleting them (each claimed once, whichever
 * instance runs the job) and sends them; a receipt whose mail failed goes back in the queue for the
 * next run. Answers how many were sent or dropped.
 */
export async function sendReceiptMails(ctx: AppContext): Promise<number> {
  let handled = 0;
  for (;;) {
    const claimed = await ctx.db
      .delete(receiptMailsDue)
      .where(oldestInQueue(ctx.db, receiptMailsDue, receiptMailsDue.id, RECEIPTS_PER_CLAIM))
      .returning({ receipt: receiptMailsDue.receipt });
    const result = await sendReceipts(
      ctx,
      claimed.map(({ receipt }) => receipt as Record<string, unknown>),
    );
    handled += result.handled;
    if (result.failed.length) {
      await ctx.db
        .insert(receiptMailsDue)
        .values(result.failed.map((receipt) => ({ receipt: { ...receipt, at: receipt.at.toISOString() } })));
      return handled;
    }
    if (claimed.length < RECEIPTS_PER_CLAIM) return handled;
  }
}

export function registerNotificationJobs(ctx: AppContext) {
  ctx.jobs.work(RECEIPT_MAIL_JOB, async () => {
    await sendReceiptMails(ctx);
  });
  // Asked for after each movement as well; the schedule sends what a failed mailer left queued.
  ctx.jobs.every(RECEIPT_MAIL_JOB, 1);
}
