import { z } from 'zod';
import { PASSWORD_MAX, passwordField } from './auth';
import type { TwoFactorChallenge } from './replies/auth';

/**
 * Admin two-factor sign-in (TOTP, RFC 6238). A signed-in admin sets it up, confirms it with a code,
 * and from then on the password step of login answers a short-lived challenge instead of a session.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes look like `ABCDE-FGHJK` (no 0/O, 1/I): readable aloud, typed on a phone keyboard. */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-9]{5}-?[A-Z2-9]{5}$/;

export const TWO_FACTOR_CODE_INVALID = 'The code is not valid. Check the time on your phone and try again.';
export const TWO_FACTOR_CHALLENGE_EXPIRED = 'This sign-in has expired. Enter your e-mail and password again.';
export const TWO_FACTOR_LOGIN_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

/** A 6-digit code; spaces users copy along are dropped. */
export const totpCodeField = z
  .string({ error: 'The code field is required.' })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

/** Either a 6-digit code or one of the recovery codes given when two-factor sign-in was turned on. */
const codeOrRecoveryField = z
  .string({ error: 'The code field is required.' })
  .max(20, 'Enter the 6-digit code from your authenticator app.')
  .transform((code) => code.replace(/\s+/g, '').toUpperCase())
  .refine((code) => /^\d{6}$/.test(code) || RECOVERY_CODE_PATTERN.test(code), {
    message: 'Enter the 6-digit code from your authenticator app.',
  });

export const twoFactorLoginBody = z.object({
  challenge_token: z.string({ error: 'The challenge token field is required.' }).min(20).max(200),
  code: codeOrRecoveryField,
});
export type TwoFactorLoginBody = z.input<typeof twoFactorLoginBody>;

export const twoFactorConfirmBody = z.object({ code: totpCodeField });
export type TwoFactorConfirmBody = z.input<typeof twoFactorConfirmBody>;

/** Turning it off needs proof beyond the session: a current code or the password. */
export const twoFactorDisableBody = z
  .object({
    code: totpCodeField.optional(),
    password: z.string().min(1).max(PASSWORD_MAX).optional(),
  })
  .refine((body) => body.code !== undefined || body.password !== undefined, {
    path: ['code'],
    message: 'Enter a code from your authenticator app or your password.',
  });
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;

export const changePasswordBody = z
  .object({
    current_password: z
      .string({ error: 'The current password field is required.' })
      .min(1, 'The current password field is required.')
      .max(PASSWORD_MAX),
    new_password: passwordField,
    confirm_password: z.string({ error: 'The confirm password field is required.' }),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export type { TwoFactorChallenge, TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from './replies/auth';

export function isTwoFactorChallenge(value: unknown): value is TwoFactorChallenge {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { two_factor_required?: unknown }).two_factor_required === true
  );
}
