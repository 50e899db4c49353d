import { z } from 'zod';
import { emailField, nameField, phoneField } from './auth';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** One image as a data URL or bare base64, as the spec's client sends it in base64_photos. */
export const base64Image = z
  .string()
  .min(1)
  .max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 200, 'The image may not be larger than 2 MB.');

export const updateProfileBody = z.object({
  first_name: nameField('first name'),
  last_name: nameField('last name'),
  email: emailField,
  phone_number: phoneField,
  base64_photos: z.array(base64Image).max(1, 'Upload one image.').optional(),
  /**
   * Needed only to change the e-mail or the phone number, which a stolen session must not do; the
   * new address takes over once a link or code sent to it proves it.
   */
  current_password: z.string().max(200).optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/**
 * Which receipt e-mails a customer gets. Mails about money leaving the wallet or arriving unasked
 * (withdrawals, refunds, bank transfers in) always go; receipts for what the customer just did on
 * screen (a purchase, a card deposit) can be turned off.
 */
export const mailPreferencesBody = z.object(
  {
    receipt_mails: z.boolean({ error: 'Choose on or off.' }),
  },
  { error: 'Send receipt_mails: true or false.' },
);
export type MailPreferencesBody = z.input<typeof mailPreferencesBody>;
export type { MailPreferences } from './replies/auth';
