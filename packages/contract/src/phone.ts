/**
 * Nigerian mobile numbers arrive as 0XXXXXXXXXX, 234XXXXXXXXXX or +234XXXXXXXXXX (spaces and dashes
 * allowed). We store the international form +234XXXXXXXXXX and show the local one.
 */
const NATIONAL = /^0([789][01]\d{8})$/;
const INTERNATIONAL = /^\+?234([789][01]\d{8})$/;

/** Returns +234XXXXXXXXXX, or null when the text is not a Nigerian mobile number. */
export function normalizeNigerianPhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = NATIONAL.exec(compact) ?? INTERNATIONAL.exec(compact);
  return match ? `+234${match[1]}` : null;
}

/** +2348031234567 -> 08031234567 */
export function toLocalPhone(international: string): string {
  return international.startsWith('+234') ? `0${international.slice(4)}` : international;
}

/** '0803****567': enough for its owner to recognise, not enough for anyone else to call. */
export function maskPhone(phone: string): string {
  const local = toLocalPhone(phone);
  return local.length < 8 ? '****' : `${local.slice(0, 4)}****${local.slice(-3)}`;
}

/** Masks every Nigerian mobile number (local or +234) written in a text. */
export function maskPhonesIn(text: string): string {
  return text.replace(/(?:\+234|\b0)[789][01]\d{8}\b/g, (phone) => maskPhone(phone));
}
