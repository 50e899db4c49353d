import { randomInt } from 'node:crypto';
import { STAFF_TEXTS, type MailPreferences, type StaffRole, type updateProfileBody, type User } from '@ruwa/contract';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import type { DbOrTx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/http/errors';
import { AVATAR, decodeImage } from '../../platform/storage/images';
import * as queries from './queries';
import type { UserRow } from './schema';

export type { UserRow };
export { onUsersChanging } from './queries';

/** The user as every endpoint shows it. Other modules add their parts (agent, rewards) as they land. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    phone_verified: row.phoneVerifiedAt !== null,
    email_verified: row.emailVerifiedAt !== null,
    picture: row.picture,
    role: row.role,
    staff_role: row.staffRole,
    referral_code: row.referralCode,
    referral_rewards: 0,
    agent: null,
    created_at: row.createdAt.toISOString(),
  };
}

// No 0/O or 1/I: codes are read aloud and typed from screenshots.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function referralCodeFor(firstName: string): string {
  const prefix = firstName
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 4)
    .padEnd(3, 'X');
  let suffix = '';
  for (let i = 0; i < 5; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${prefix}${suffix}`;
}

export async function getUser(db: DbOrTx, id: number): Promise<UserRow> {
  const row = await queries.findUserById(db, id);
  if (!row) throw notFound('User');
  return row;
}

export const findUserByEmail = queries.findUserByEmail;
export const findUserByReferralCode = queries.findUserByReferralCode;

export type CreateUserInput = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string;
  role?: UserRow['role'];
  /**
   * For admins only; an admin made without one is an owner, as the operator who makes one from the
   * command line (or the demo) is the business's owner. Owners then assign the others on Staff.
   */
  staffRole?: StaffRole;
  referredById?: number | null;
  /** Set for accounts someone vouches for (the demo accounts, create-admin); sign-ups start unverified. */
  phoneVerifiedAt?: Date | null;
  emailVerifiedAt?: Date | null;
};

/** Inserts a user with a fresh unique referral code (retrying on the rare collision). */
export async function createUser(db: DbOrTx, input: CreateUserInput): Promise<UserRow> {
  if (await queries.findUserByEmail(db, input.email)) {
    throw fieldError('email', 'The email has already been taken.');
  }
  for (let attempt = 0; ; attempt++) {
    const referralCode = referralCodeFor(input.firstName);
    if (attempt < 5 && (await queries.findUserByReferralCode(db, referralCode))) continue;
    const staffRole = input.role === 'admin' ? (input.staffRole ?? 'owner') : null;
    return queries.insertUser(db, { ...input, staffRole, email: input.email.toLowerCase(), referralCode });
  }
}

/** Already parsed by the contract's schema: trimmed names, lower-cased e-mail, +234 phone. */
export type UpdateProfileInput = z.output<typeof updateProfileBody>;

export async function updateProfile(ctx: AppContext, userId: number, input: UpdateProfileInput): Promise<UserRow> {
  const existing = await queries.findUserByEmail(ctx.db, input.email);
  if (existing && existing.id !== userId) throw fieldError('email', 'The email has already been taken.');

  let picture: string | undefined;
  const photo = input.base64_photos?.[0];
  if (photo) {
    const image = await decodeImage(photo, 'base64_photos', { purpose: AVATAR });
    picture = await ctx.images.save(image, 'avatars');
  }

  const row = await queries.updateProfileRow(ctx.db, userId, {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phoneNumber: input.phone_number,
    ...(picture ? { picture } : {}),
  });
  if (!row) throw notFound('User');
  return row;
}

/**
 * Whether the account's phone number was proven by an SMS code: what withdrawing, and earning
 * referral rewards and raffle tickets, need (the places where a fake account would pay).
 */
export function hasVerifiedPhone(user: Pick<UserRow, 'phoneVerifiedAt'>): boolean {
  return user.phoneVerifiedAt !== null;
}

export const lockUser = queries.lockUser;

/** Whether another customer account already has this phone number (one account per number). */
export async function phoneInUse(db: DbOrTx, phoneNumber: string, exceptUserId: number): Promise<boolean> {
  const other = await queries.findCustomerByPhone(db, phoneNumber);
  return other !== null && other.id !== exceptUserId;
}

/**
 * Sets the account's e-mail or phone to an address proven (or restored) by a contact change, with
 * when it was proven. Only the contact-change flow calls this: a profile update never changes them.
 */
export async function setContact(
  db: DbOrTx,
  userId: number,
  contact: { kind: 'email' | 'phone'; value: string; verifiedAt: Date | null },
): Promise<UserRow> {
  const row = await queries.updateUser(
    db,
    userId,
    contact.kind === 'email'
      ? { email: contact.value.toLowerCase(), emailVerifiedAt: contact.verifiedAt }
      : { phoneNumber: contact.value, phoneVerifiedAt: contact.verifiedAt },
  );
  if (!row) throw notFound('User');
  return row;
}

/** Marks the number verified if it is still the account's number; answers whether it was. */
export function markPhoneVerified(db: DbOrTx, userId: number, phoneNumber: string): Promise<boolean> {
  return queries.setPhoneVerified(db, userId, phoneNumber, new Date());
}

/** Marks the address verified if it is still the account's address; answers whether it was. */
export function markEmailVerified(db: DbOrTx, userId: number, email: string): Promise<boolean> {
  return queries.setEmailVerified(db, userId, email, new Date());
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  const row = await queries.updateUser(db, userId, { passwordHash });
  if (!row) throw notFound('User');
}

export async function listCustomers(db: DbOrTx, options: { search?: string; limit: number; offset: number }) {
  return queries.listUsers(db, { ...options, role: 'customer' });
}

/**
 * Makes the account an admin with `staffRole`; without one, an admin keeps theirs and anyone else
 * becomes an owner. The last owner is never demoted (the owners are counted under lockOwners).
 */
export async function promoteToAdmin(db: DbOrTx, userId: number, staffRole?: StaffRole): Promise<UserRow> {
  const before = await queries.findUserById(db, userId);
  const next = staffRole ?? before?.staffRole ?? 'owner';
  if (before?.staffRole === 'owner' && next !== 'owner') {
    const owners = await queries.lockOwners(db);
    if (!owners.some((id) => id !== userId)) throw new AppError('conflict', STAFF_TEXTS.lastOwner);
  }
  const row = await queries.updateUser(db, userId, { role: 'admin', staffRole: next });
  if (!row) throw new AppError('not_found', 'User not found.');
  return row;
}

/** The active admins (the ones alerts reach), oldest first. */
export const activeAdmins = queries.findActiveAdmins;

/** Users whose name, e-mail or phone matches, as a subquery (however many match, the caller's filter takes them all). */
export const customersMatching = queries.userIdsMatching;

/**
 * Marks the account's phone and e-mail verified without a code or link, keeping earlier times: for
 * accounts an operator vouches for (create-admin).
 */
export async function vouchFor(db: DbOrTx, userId: number): Promise<void> {
  const user = await getUser(db, userId);
  const now = new Date();
  await queries.updateUser(db, userId, {
    phoneVerifiedAt: user.phoneVerifiedAt ?? now,
    emailVerifiedAt: user.emailVerifiedAt ?? now,
  });
}

/** Customer accounts only (staff are left out), as a subquery for `inArray`. */
export function customerIdsQuery(db: DbOrTx) {
  return queries.customerIdsQuery(db);
}

export async function usersByIds(db: DbOrTx, ids: number[]): Promise<Map<number, UserRow>> {
  const rows = await queries.findUsersByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

export async function countNewCustomers(db: DbOrTx, from: Date): Promise<number> {
  return queries.countCustomersSince(db, from);
}

/** Suspends or restores an account; the caller revokes sessions. */
export async function setStatus(db: DbOrTx, userId: number, status: UserRow['status']): Promise<UserRow> {
  const row = await queries.updateUser(db, userId, { status });
  if (!row) throw notFound('User');
  return row;
}

/** Which receipt e-mails the customer gets. */
export const mailPreferencesOf = (row: UserRow): MailPreferences => ({ receipt_mails: row.receiptMails });

/** Turns receipt e-mails for purchases and card deposits on or off (the essential mails always go). */
export async function updateMailPreferences(
  db: DbOrTx,
  userId: number,
  body: MailPreferences,
): Promise<MailPreferences> {
  const row = await queries.updateUser(db, userId, { receiptMails: body.receipt_mails });
  if (!row) throw notFound('User');
  return mailPreferencesOf(row);
}

export const listStaff = queries.listStaff;
export const lockOwners = queries.lockOwners;

/** Sets an admin's staff role (the caller checks who may, and that an owner remains). */
export async function setStaffRole(db: DbOrTx, userId: number, staffRole: StaffRole): Promise<UserRow> {
  const row = await queries.updateUser(db, userId, { staffRole });
  if (!row) throw notFound('User');
  return row;
}

export const customersCreatedBetween = queries.customersCreatedBetween;
