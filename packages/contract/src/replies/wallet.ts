import { z } from 'zod';
import { PIN_RESET_CHANNELS, WITHDRAWAL_HOLD_REASONS, WITHDRAWAL_STATUSES } from '../wallet';
import { naira, timestamp } from './http';
import { TRANSACTION_OUTCOMES } from '../wallet-history';

/**
 * Why a withdrawal waits before its bank transfer: the wallet PIN or the password was reset from a
 * forgotten-PIN or forgotten-password link, or the bank account was saved less than a day ago; or,
 * until an admin approves it, the amount is above the admins' limit or the account is in another name.
 */
export const withdrawalHoldReason = z.enum(WITHDRAWAL_HOLD_REASONS);

/**
 * A withdrawal the customer asked for that waits before its bank transfer: the money is already set
 * aside from the balance. It is sent at `held_until` (or sooner, when an admin releases it after
 * calling the customer); until then the customer may cancel it back to the wallet.
 */
export const heldWithdrawalReply = z.object({
  reference: z.string(),
  amount: naira,
  /** The bank, account number and name it goes to. */
  destination: z.string(),
  reason: withdrawalHoldReason,
  /** Null while it waits for an admin's approval rather than for a time. */
  held_until: timestamp.nullable(),
  created_at: timestamp,
});
export type HeldWithdrawal = z.infer<typeof heldWithdrawalReply>;

/** A bank account the customer saved for withdrawals. */
export const bankDetailReply = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  bank_code: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type BankDetail = z.infer<typeof bankDetailReply>;

export const walletReply = z.object({
  balance: naira,
  savings: naira,
  bank_details: z.array(bankDetailReply),
  /** Whether a wallet PIN is set (then spends carry `pin`). */
  pin_set: z.boolean(),
  /** While too many wrong PINs lock wallet spending: when it opens again (ISO time), else null. */
  pin_locked_until: timestamp.nullable(),
  /** Withdrawals waiting before their bank transfer, soonest sent first. */
  held_withdrawals: z.array(heldWithdrawalReply),
});
export type Wallet = z.infer<typeof walletReply>;

/** The customer's own bank account number for funding the wallet by transfer. */
export const virtualAccountReply = z.object({
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
});
export type VirtualAccount = z.infer<typeof virtualAccountReply>;

/** One wallet movement, newest first in the list. */
export const walletTransactionReply = z.object({
  id: z.number().int(),
  tx_id: z.string(),
  /**
   * deposit, withdrawal, purchase, refund, reward, reversal, commission, savings, adjustment (by
   * support) or card_refund (a refund taken out of the wallet and sent back to the card).
   */
  type: z.string(),
  /**
   * pending, success, failed or reversed; a withdrawal also held (waiting before its bank transfer)
   * or cancelled (by the customer while held, the money back in the wallet).
   */
  status: z.string(),
  /** Always positive; `direction` says which way it moved. */
  amount: naira,
  direction: z.enum(['credit', 'debit']),
  balance_after: naira,
  description: z.string(),
  created_at: timestamp,
});
export type WalletTransaction = z.infer<typeof walletTransactionReply>;

/**
 * A row of the customer's wallet history: the movement, and what became of what it paid for. A
 * purchase refunded later (airtime the network refused, an order cancelled) is `refunded`, with the
 * refund's own row named in `refund`; one still being delivered is `pending`. Other rows follow
 * their status (a reversed or cancelled withdrawal came back: `refunded`).
 */
export const walletTransactionRowReply = walletTransactionReply.extend({
  outcome: z.enum(TRANSACTION_OUTCOMES),
  /** The refund of this purchase, when there is one: its TX id, amount and time. */
  refund: z.object({ tx_id: z.string(), amount: naira, created_at: timestamp }).nullable(),
});
export type WalletTransactionRow = z.infer<typeof walletTransactionRowReply>;

/** A card deposit credited (or, with the same reference, credited before): the movement and the wallet now. */
export const depositReply = z.object({
  /** False when this reference was already credited: nothing moved this time. */
  created: z.boolean(),
  transaction: walletTransactionReply,
  wallet: walletReply,
});
export type DepositResult = z.infer<typeof depositReply>;

/** A bank a withdrawal can go to. */
export const bankReply = z.object({ name: z.string(), code: z.string() });
export type Bank = z.infer<typeof bankReply>;

/** The name the bank gives for an account number. */
export const resolvedAccountReply = z.object({
  account_name: z.string(),
  account_number: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
});
export type ResolvedAccount = z.infer<typeof resolvedAccountReply>;

export const withdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

/**
 * A withdrawal submitted: the money is set aside from the balance at once. `pending`: the bank
 * transfer has started and settles later. `held`: the transfer waits until `held_until`, for `hold_reason`.
 */
export const withdrawalReply = z.object({
  reference: z.string(),
  status: withdrawalStatus,
  hold_reason: withdrawalHoldReason.nullable(),
  held_until: timestamp.nullable(),
  wallet: walletReply,
});
export type WithdrawResult = z.infer<typeof withdrawalReply>;

/** One of the caller's own withdrawals (payouts), as their payout history lists it. */
export const ownWithdrawalReply = z.object({
  reference: z.string(),
  amount: naira,
  /** The bank, account number and name it went to. */
  destination: z.string(),
  status: withdrawalStatus,
  hold_reason: withdrawalHoldReason.nullable(),
  held_until: timestamp.nullable(),
  /** Why it failed and came back to the wallet; null otherwise. */
  failure_reason: z.string().nullable(),
  created_at: timestamp,
});
export type OwnWithdrawal = z.infer<typeof ownWithdrawalReply>;

export const walletPinReply = z.object({ pin_set: z.boolean() });
export type WalletPinState = z.infer<typeof walletPinReply>;

/**
 * A "forgot PIN" request sent: `email`, a link to the verified e-mail address; `phone`, a 6-digit
 * code by SMS to the verified phone (the e-mail is not verified), typed back with the new PIN.
 */
export const pinResetSentReply = z.object({
  sent_to: z.enum(PIN_RESET_CHANNELS).describe('Where the reset went: a link by e-mail, or a code by SMS.'),
});
export type PinResetSent = z.infer<typeof pinResetSentReply>;
