import { z } from 'zod';
import { naira, timestamp } from './http';

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
  /** pending, success, failed or reversed. */
  status: z.string(),
  /** Always positive; `direction` says which way it moved. */
  amount: naira,
  direction: z.enum(['credit', 'debit']),
  balance_after: naira,
  description: z.string(),
  created_at: timestamp,
});
export type WalletTransaction = z.infer<typeof walletTransactionReply>;

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

/** A withdrawal submitted: the money is held and the bank transfer settles later. */
export const withdrawalReply = z.object({
  reference: z.string(),
  status: z.enum(['pending', 'success', 'reversed']),
  wallet: walletReply,
});
export type WithdrawResult = z.infer<typeof withdrawalReply>;

export const walletPinReply = z.object({ pin_set: z.boolean() });
export type WalletPinState = z.infer<typeof walletPinReply>;
