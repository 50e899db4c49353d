import { z } from 'zod';
import { AGENT_STATUSES, ROLES } from '../auth';
import { STAFF_ROLES } from '../staff-roles';
import { naira, timestamp } from './http';

/** The user as every endpoint returns it (the web app keeps it as the signed-in user). */
export const userReply = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  /** The phone number was proven by an SMS code; without it the account cannot withdraw or earn rewards. */
  phone_verified: z.boolean(),
  /** The e-mail address was proven by a link sent to it. */
  email_verified: z.boolean(),
  picture: z.string().nullable(),
  role: z.enum(ROLES),
  /** An admin's part of the business (STAFF_POLICY); null for everyone else. */
  staff_role: z.enum(STAFF_ROLES).nullable(),
  referral_code: z.string(),
  referral_rewards: naira,
  agent: z.object({ id: z.number().int(), status: z.enum(AGENT_STATUSES) }).nullable(),
  created_at: timestamp,
  /** A new e-mail address asked for, waiting for its link to be opened. */
  pending_email: z.string().nullable().optional(),
  /** A new phone number asked for, waiting for the code texted to it. */
  pending_phone: z.string().nullable().optional(),
});
export type User = z.infer<typeof userReply>;

/** A session: the bearer token, when it stops working, and the signed-in user. */
export const authResultReply = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: timestamp,
  user: userReply,
});
export type AuthResult = z.infer<typeof authResultReply>;

/** What `POST auth/login` answers instead of a session when the account has two-factor sign-in on. */
export const twoFactorChallengeReply = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
  expires_at: timestamp,
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeReply>;

/** A session, or with two-factor sign-in on, the challenge a code answers. */
export const loginReply = z.union([authResultReply, twoFactorChallengeReply]);

export const twoFactorStatusReply = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusReply>;

/** Shown once, while setting up: the secret travels only inside this answer. */
export const twoFactorSetupReply = z.object({
  otpauth_url: z.string(),
  secret: z.string(),
  /** The otpauth URL as an SVG QR code, a data URL. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupReply>;

/** Shown once, when it is turned on; only their hashes are kept. */
export const twoFactorEnabledReply = z.object({ recovery_codes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledReply>;

/** What `POST auth/phone/send-code` and `POST auth/email/send-link` answer. */
export const verificationSentReply = z.object({
  /** Where it went: the phone number (+234...) or the e-mail address. */
  sent_to: z.string(),
  /** How long the code or link works, and when another may be asked for; seconds, so phone clocks do not matter. */
  expires_in_seconds: z.number().int(),
  resend_in_seconds: z.number().int(),
});
export type VerificationSent = z.infer<typeof verificationSentReply>;

/** Which receipt e-mails the customer gets (the essential ones always go). */
export const mailPreferencesReply = z.object({
  /** Receipts for purchases and card deposits the customer made on screen. */
  receipt_mails: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesReply>;
