/**
 * Verified accounts: a phone number proven by a 6-digit code sent by SMS, an e-mail address proven
 * by a link. No zod here, so a screen can read these without downloading the schemas.
 */

export const PHONE_CODE_DIGITS = 6;
/** How long a code works, and how many tries it allows before a new one must be asked for. */
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** Between two codes (or two e-mailed links), and how many each account may ask for in 24 hours. */
export const VERIFICATION_RESEND_SECONDS = 60;
export const VERIFICATION_SENDS_PER_DAY = 5;
/** How long an e-mailed verification link works. */
export const EMAIL_LINK_TTL_HOURS = 24;

export type { VerificationSent } from './replies/auth';
