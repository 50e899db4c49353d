import { z } from 'zod';
import { smsCode } from './auth';
import { idField, nairaPrice } from './catalog';
import { formatNaira, hasAtMostTwoDecimals } from './money';
import { emptyToUndefined, numeric } from './numbers';
import { paymentReference } from './payment-reference';

export const DEPOSIT_QUICK_ADD = [500, 1_000, 10_000, 100_000] as const;
export const MIN_WITHDRAWAL_NAIRA = 100;
export const MAX_DEPOSIT_NAIRA = 5_000_000;
export const MAX_BANK_ACCOUNTS = 5;

export const WALLET_PIN_LENGTH = 4;
/** Wrong PINs in a row that lock wallet spending, and for how long. */
export const WALLET_PIN_MAX_ATTEMPTS = 5;
export const WALLET_PIN_LOCK_MINUTES = 30;

/**
 * Why wallet spending is refused while too many wrong PINs lock it, from the seconds the lock still
 * runs: the server's refusal and the PIN sheet (which knows the lock before any PIN is typed) say
 * the same.
 */
export function walletLockedMessage(secondsLeft: number): string {
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return `Too many wrong PINs. Wallet payments are locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * The wallet PIN: once a customer has set one, every payment from the wallet, withdrawal and savings
 * withdrawal carries it as `pin`.
 */
export const walletPin = z
  .string({ error: 'Enter your 4-digit wallet PIN.' })
  .regex(/^\d{4}$/, 'The PIN must be 4 digits.');

/** Why a new PIN is refused: the ones a thief tries first. */
export const WEAK_PIN =
  'Choose a PIN that is harder to guess: not one digit repeated (1111), a run (1234, 4321) or a common PIN.';
export const PIN_FROM_PHONE = 'Choose a PIN that is not part of your phone number.';

// Among the most chosen 4-digit PINs after the repeats and runs the rule below already refuses.
const COMMON_PINS = new Set(['1212', '1122', '6969', '1004', '2000', '1313', '7777', '4545']);

/** Each digit one more (or one less, the same way throughout) than the one before: 1234, 9876, 7890. */
function isRun(digits: string): boolean {
  const steps = new Set<number>();
  for (let i = 1; i < digits.length; i++) steps.add((Number(digits[i]) - Number(digits[i - 1]) + 10) % 10);
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}

/**
 * Whether a new PIN is too easy to guess: one digit repeated, a run up or down, a very common PIN,
 * or (when the customer's phone is known) the phone number's last digits. The message says which.
 */
export function weakPinReason(pin: string, phone?: string | null): string | null {
  if (!/^\d+$/.test(pin)) return null;
  if (/^(\d)\1*$/.test(pin) || isRun(pin) || COMMON_PINS.has(pin)) return WEAK_PIN;
  const phoneDigits = (phone ?? '').replace(/\D/g, '');
  if (phoneDigits.length >= pin.length && phoneDigits.endsWith(pin)) return PIN_FROM_PHONE;
  return null;
}

/** A PIN being chosen (set, changed or reset): 4 digits, and not one a thief tries first. */
export const newWalletPin = walletPin.refine((pin) => weakPinReason(pin) === null, { message: WEAK_PIN });

const accountPassword = z
  .string({ error: 'Enter your account password.' })
  .min(1, 'Enter your account password.')
  .max(200, 'The password is too long.');

/** POST wallet/pin: sets the first PIN, or changes it (then the current PIN is needed too). */
export const walletPinBody = z.object({
  pin: newWalletPin,
  password: accountPassword,
  current_pin: walletPin.optional(),
});

/** The message the API gives a PIN change without the current PIN. */
export const CURRENT_PIN_REQUIRED = 'Enter your current wallet PIN.';
export const PINS_DIFFER = 'The two PINs do not match.';

/**
 * The PIN forms (setting the first PIN, changing it, resetting it from the e-mailed link or the SMS
 * code): the body's fields as typed, the new PIN twice (`confirm`), the current PIN when one is being
 * changed, and the SMS code on a reset by code. What is sent is the body, without `confirm` (a reset
 * from the link adds the link's token).
 */
export function walletPinForm(change: boolean, withCode = false) {
  return walletPinBody
    .extend({
      current_pin: change ? z.string().regex(/^\d{4}$/, CURRENT_PIN_REQUIRED) : z.string(),
      confirm: z.string(),
      code: withCode ? smsCode : z.string(),
    })
    .refine(({ pin, confirm }) => pin === confirm, { path: ['confirm'], message: PINS_DIFFER })
    .transform(({ confirm: _, current_pin, code, ...body }) => ({
      ...body,
      ...(change ? { current_pin } : {}),
      ...(withCode ? { code } : {}),
    }));
}

/** How a "forgot PIN" request reached the customer: a link by e-mail, or a code by SMS. */
export const PIN_RESET_CHANNELS = ['email', 'phone'] as const;
export type PinResetChannel = (typeof PIN_RESET_CHANNELS)[number];

export const PIN_RESET_LINK_INVALID = 'This reset link is not valid.';
export const PIN_RESET_TOKEN_OR_CODE = 'Send the code from the SMS or the token from the e-mailed link, not both.';

/**
 * POST wallet/pin/reset: a forgotten PIN, with the account password and either the e-mailed link's
 * token or the 6-digit code sent by SMS, never both. A link's token is base64url, so a string shaped
 * like what a code's hash is made of can never be passed off as one.
 */
export const walletPinResetBody = z
  .object({
    token: z
      .string({ error: PIN_RESET_LINK_INVALID })
      .trim()
      .min(1, PIN_RESET_LINK_INVALID)
      .max(200, PIN_RESET_LINK_INVALID)
      .regex(/^[A-Za-z0-9_-]+$/, PIN_RESET_LINK_INVALID)
      .optional(),
    code: smsCode.optional(),
    pin: newWalletPin,
    password: accountPassword,
  })
  .refine((body) => body.token === undefined || body.code === undefined, {
    path: ['code'],
    message: PIN_RESET_TOKEN_OR_CODE,
  })
  .refine((body) => body.token !== undefined || body.code !== undefined, {
    path: ['code'],
    message: 'Enter the 6-digit code we sent by SMS.',
  });

/** A naira amount typed by a person: 0 or empty reads 'Amount cannot be empty'. */
const amount = (max: number) =>
  numeric(
    z
      .number({ error: 'Amount cannot be empty' })
      .refine((n) => n !== 0, { message: 'Amount cannot be empty', abort: true })
      .refine((n) => n > 0, { message: 'The amount must be greater than 0.', abort: true })
      .refine((n) => n <= max, {
        message: `The amount may not be greater than ${max.toLocaleString('en-US')}.`,
        abort: true,
      })
      .refine(hasAtMostTwoDecimals, { message: 'The amount may have at most 2 decimal places.', abort: true }),
  );

export const depositInput = z.object({ amount: amount(MAX_DEPOSIT_NAIRA) });
export const depositBody = depositInput.extend({
  tx_id: paymentReference('tx_id'),
});

/**
 * A bank account to withdraw to: the bank and the number only. Whose account it is comes from the
 * bank's own look-up, never from what was typed (names the original client still sends are dropped).
 */
export const bankDetailsBody = z.object({
  account_number: z
    .string({ error: 'Fill all details' })
    .trim()
    .min(1, 'Fill all details')
    .regex(/^\d{10}$/, 'The account number must be 10 digits (NUBAN).'),
  /** The bank's code (e.g. 033 for UBA). */
  bank_name: z
    .string({ error: 'Please select a bank' })
    .trim()
    .min(1, 'Please select a bank')
    .max(10, 'Please select a bank'),
});

export const withdrawBody = z.object({
  amount: amount(MAX_DEPOSIT_NAIRA).refine(
    (n) => n >= MIN_WITHDRAWAL_NAIRA,
    `The minimum withdrawal is ${formatNaira(MIN_WITHDRAWAL_NAIRA)}.`,
  ),
  pin: walletPin.optional(),
  selected_bank: numeric(
    z
      .number({ error: 'Please select a bank.' })
      .positive('Please select a bank.')
      .max(2_147_483_647, { message: 'Please select a bank.', abort: true })
      .int('Please select a bank.'),
  ),
});

/**
 * Withdrawals held for a cool-down: every withdrawal for this long after a forgotten PIN or password
 * is reset, and withdrawals above the admins' amount to a bank account saved within this long.
 */
export const WITHDRAWAL_HOLD_HOURS = 24;
export const WITHDRAWAL_HOLD_REASONS = [
  'pin_reset',
  'password_reset',
  'new_bank_account',
  'large_amount',
  'name_mismatch',
] as const;
export type WithdrawalHoldReason = (typeof WITHDRAWAL_HOLD_REASONS)[number];

/**
 * Holds that no clock ends: the withdrawal waits for an admin other than its customer to approve it
 * (or for the customer to cancel it). The others end at their time, or sooner by an admin's release.
 */
export const APPROVAL_HOLD_REASONS = [
  'large_amount',
  'name_mismatch',
] as const satisfies readonly WithdrawalHoldReason[];

/**
 * Where a withdrawal stands: `held` (set aside, its bank transfer waiting), `pending` (the transfer
 * started), `success`, `reversed` (the transfer failed: credited back) or `cancelled` (by the
 * customer while held: credited back).
 */
export const WITHDRAWAL_STATUSES = ['held', 'pending', 'success', 'reversed', 'cancelled'] as const;

/** GET admin/withdrawals filters (besides the page); an empty status is no filter. */
export const adminWithdrawalFilter = z.object({
  status: z.preprocess(
    emptyToUndefined,
    z.enum(WITHDRAWAL_STATUSES, { error: 'Choose a status from the list.' }).optional(),
  ),
  /** A withdrawal's reference, or its customer's e-mail or phone number (part of one is enough). */
  q: z.preprocess(
    emptyToUndefined,
    z.string({ error: 'Search with text.' }).trim().max(100, 'Search with at most 100 characters.').optional(),
  ),
});

/** A withdrawal named by its reference: the customer cancels a held one, an admin releases it. */
export const withdrawalReferenceBody = z.object({
  reference: z
    .string({ error: 'Choose a withdrawal.' })
    .trim()
    .min(1, 'Choose a withdrawal.')
    .max(100, 'Choose a withdrawal.'),
});

export const savingsBody = z.object({ amount: nairaPrice('amount'), pin: walletPin.optional() });
export const bankDeleteBody = z.object({ id: idField() });

export const ADJUSTMENT_REASON_MIN = 5;
export const ADJUSTMENT_REASON_MAX = 500;

/**
 * POST admin/customers/wallet-adjustment: support credits or debits a customer's wallet, with a
 * reason the customer is shown. `reference` (a uuid the client makes once per adjustment) makes a
 * retry or a second click answer the first result instead of moving money again.
 */
export const walletAdjustmentBody = z.object({
  id: idField(),
  direction: z.enum(['credit', 'debit'], { error: 'Choose credit or debit.' }),
  amount: amount(MAX_DEPOSIT_NAIRA),
  reason: z
    .string({ error: 'Write the reason.' })
    .trim()
    .min(ADJUSTMENT_REASON_MIN, `The reason must be at least ${ADJUSTMENT_REASON_MIN} characters.`)
    .max(ADJUSTMENT_REASON_MAX, `The reason may not be longer than ${ADJUSTMENT_REASON_MAX} characters.`),
  reference: z.uuid({ error: 'The reference must be a UUID.' }).optional(),
});

/** GET admin/wallet-adjustments filters: an empty status is no filter. */
export const WALLET_CREDIT_REQUEST_STATUSES = ['pending', 'approved'] as const;
export const walletCreditRequestFilter = z.object({
  status: z.preprocess(
    emptyToUndefined,
    z.enum(WALLET_CREDIT_REQUEST_STATUSES, { error: 'Choose a status from the list.' }).optional(),
  ),
});

/** POST admin/wallet-adjustments/approve: a second admin approves a pending credit by its reference. */
export const walletCreditApprovalBody = z.object({
  reference: z.uuid({ error: 'Choose a pending credit.' }),
});

export type {
  BankDetail,
  HeldWithdrawal,
  OwnWithdrawal,
  VirtualAccount,
  Wallet,
  WalletTransaction,
  WalletTransactionRow,
  WithdrawalStatus,
} from './replies/wallet';
export type { AdminWithdrawal, WalletCreditRequest } from './replies/admin';
