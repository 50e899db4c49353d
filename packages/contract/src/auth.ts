import { z } from 'zod';
import { emptyToUndefined } from './numbers';
import { normalizeNigerianPhone } from './phone';

/**
 * What a person's name may hold: letters and combining marks of any script (Ọlámídé, Ngozi, Zoë),
 * spaces, apostrophes (' and ’), hyphens and dots. Names travel to payment providers (account names,
 * transfer recipients) and into e-mails, so markup, digits and control characters never get in.
 */
const PERSON_NAME = /^[\p{L}\p{M} '’.-]+$/u;
const OUTSIDE_PERSON_NAME = /[^\p{L}\p{M} '’.-]+/gu;

/**
 * A name stored before the alphabet above was enforced, made fit to send to a provider: characters
 * outside it removed, runs of spaces collapsed, and `fallback` when nothing is left.
 */
export function toPersonName(text: string, fallback: string): string {
  const cleaned = text.replace(/\s+/gu, ' ').replace(OUTSIDE_PERSON_NAME, '').replace(/ {2,}/g, ' ').trim();
  return /[\p{L}]/u.test(cleaned) ? cleaned : fallback;
}

/** A person's first or last name; `missing` replaces the usual message for an empty one. */
export const nameField = (label: string, missing = `The ${label} field is required.`) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { message: missing, abort: true })
    .max(60, `The ${label} must not be longer than 60 characters.`)
    .regex(PERSON_NAME, `The ${label} may only contain letters, spaces and the characters ' - .`);

export const emailField = z
  .string({ error: 'The email field is required.' })
  .trim()
  .min(1, 'The email field is required.')
  .max(254, 'The email must not be longer than 254 characters.')
  .pipe(z.email('The email must be a valid email address.'))
  .transform((email) => email.toLowerCase());

export const phoneField = z
  .string({ error: 'The phone number field is required.' })
  .trim()
  .min(1, 'The phone number field is required.')
  .transform((value, ctx) => {
    const normalized = normalizeNigerianPhone(value);
    if (!normalized) {
      ctx.addIssue({
        code: 'custom',
        message: 'Enter a Nigerian mobile number like 08031234567 or +2348031234567.',
      });
      return z.NEVER;
    }
    return normalized;
  });

/** A phone number the customer may leave out: empty text is the same as none. */
export const optionalPhoneField = z.preprocess(emptyToUndefined, phoneField.optional());

export const PASSWORD_MIN = 8;
/** argon2 hashes whatever it is given; a cap keeps a login request from becoming a CPU bomb. */
export const PASSWORD_MAX = 128;

export const passwordField = z
  .string({ error: 'The password field is required.' })
  .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `The password must not be longer than ${PASSWORD_MAX} characters.`);

export const registerBody = z
  .object({
    first_name: nameField('first name'),
    last_name: nameField('last name'),
    email: emailField,
    phone_number: phoneField,
    password: passwordField,
    password_confirmation: z.string({ error: 'The password confirmation field is required.' }),
    referral_code: z
      .string()
      .trim()
      .max(32, 'The referral code is not valid.')
      .optional()
      .nullable()
      .transform((code) => (code ? code.toUpperCase() : undefined)),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(254)
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(PASSWORD_MAX),
});
export type LoginBody = z.input<typeof loginBody>;

export const resetRequestBody = z.object({ email: emailField });

/**
 * A new password with the token of an e-mailed link, or, for an account whose e-mail is not
 * verified, with its e-mail and the 6-digit code texted to its verified phone.
 */
export const resetBody = z
  .object({
    token: z.string().max(200).optional(),
    email: z.string().trim().toLowerCase().max(254).optional(),
    code: z
      .string()
      .max(20)
      .transform((code) => code.replace(/[\s-]+/g, ''))
      .optional(),
    new_password: passwordField,
    confirm_password: z.string({ error: 'The confirm password field is required.' }),
  })
  .refine((body) => Boolean(body.token) || Boolean(body.email && body.code), {
    path: ['token'],
    message: 'The token field is required.',
  })
  .refine((body) => body.new_password === body.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });
export type ResetBody = z.input<typeof resetBody>;

export const RESET_REQUEST_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password to its verified e-mail, or a code by SMS to its verified phone.';
export const RESET_FAILED_MESSAGE = 'User not found or token has expired';
export const LOGIN_FAILED_MESSAGE = 'These credentials do not match our records.';
export const SUSPENDED_MESSAGE = 'This account has been suspended. Contact support to restore it.';
/** Why a signed-in session ended, said on the login screen it lands on. */
export const SIGNED_OUT_MESSAGES = {
  account_suspended: 'You were signed out because this account has been suspended. Contact support to restore it.',
  session_revoked:
    'You were signed out because your password was changed or this session was ended. Please sign in again.',
  session_expired: 'Your session has expired. Please sign in again.',
} as const;
export type SignedOutReason = keyof typeof SIGNED_OUT_MESSAGES;

export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const AGENT_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export type { AuthResult, User } from './replies/auth';

/** The code a customer types from an SMS; spaces and dashes they copy along are dropped. */
export const smsCode = z
  .string({ error: 'Enter the 6-digit code we sent by SMS.' })
  .max(20, 'Enter the 6-digit code we sent by SMS.')
  .transform((code) => code.replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code we sent by SMS.'));

export const phoneCodeBody = z.object({ code: smsCode });
export type PhoneCodeBody = z.input<typeof phoneCodeBody>;

/** The token from an e-mailed verification link. */
export const emailVerifyBody = z.object({
  token: z.string({ error: 'The token field is required.' }).trim().min(1, 'The token field is required.').max(200),
});
export type EmailVerifyBody = z.input<typeof emailVerifyBody>;

/** The token from the link that undoes an e-mail or phone change, sent to the address it replaced. */
export const contactChangeUndoBody = emailVerifyBody;
export type ContactChangeUndoBody = EmailVerifyBody;

export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your e-mail or phone number.';
