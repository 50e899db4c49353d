/**
 * Card payments as both sides speak them. Kept free of zod so the web's checkout can import it
 * without pulling the schemas into a screen's first load.
 */

/** What a card payment can buy: the `purpose` of POST payments/paystack/initialize. */
export const PAYMENT_PURPOSES = [
  'product_order',
  'subscription_order',
  'deposit',
  'airtime',
  'data',
  'electricity',
] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export type { PaymentIntent } from './replies/payments';

/** How a purchase is paid when it is recorded: with a card payment's reference, or from the wallet. */
export type PurchasePayment = { transaction_id: string } | { payment_method: 'wallet'; pin?: string };

/**
 * The machine-readable `code` an error answer may carry beside its message, so a client can act on
 * it without reading the words.
 */
export const API_ERROR_CODES = {
  /** 422: the wallet holds less than the purchase costs. */
  insufficientBalance: 'insufficient_balance',
  /** 409: the same airtime or data went to the same number moments ago; send `confirm_duplicate`. */
  possibleDuplicate: 'possible_duplicate',
  /** 422 or 502: the payment is not final yet; the server completes the purchase when it is. */
  paymentPending: 'payment_pending',
  /** 403: the phone number is not verified yet, which taking money out (a withdrawal) needs. */
  phoneUnverified: 'phone_unverified',
  /** 422: a wallet PIN is set and the request carried none, or a wrong one (`errors.pin`). */
  pinRequired: 'pin_required',
  /** 423: too many wrong PINs in a row; `retry_after_seconds` says when wallet spending opens again. */
  walletLocked: 'wallet_locked',
  /** 401: a session that worked has ended; the message says why (see SIGNED_OUT_MESSAGES). */
  accountSuspended: 'account_suspended',
  sessionRevoked: 'session_revoked',
  sessionExpired: 'session_expired',
  /**
   * 403: an admin whose two-factor sign-in is not set up, where the server requires it
   * (ADMIN_TWO_FACTOR); only setting it up, `users/me` and signing out answer until it is.
   */
  twoFactorRequired: 'two_factor_required',
  /** 409: a product orders or subscriptions refer to cannot be deleted; it can be disabled instead. */
  productInUse: 'product_in_use',
  /** 403: maker-checker: the admin asked for this money to move (or it is theirs), so another approves it. */
  secondAdminRequired: 'second_admin_required',
  /** 403: an admin route outside the caller's staff role (STAFF_POLICY). */
  staffRole: 'staff_role',
} as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];
