/**
 * The reference a customer and support quote for a purchase: a prefix saying what was bought and
 * its number, so a water order and an airtime purchase with the same number never read alike
 * (ORD-12 is not VTU-12). Wallet movements keep their own `TX_…` ids.
 */
export const PURCHASE_PREFIXES = { order: 'ORD', subscription: 'SUB', vtu: 'VTU' } as const;
export type PurchaseKind = keyof typeof PURCHASE_PREFIXES;

export const purchaseReference = (kind: PurchaseKind, id: number) => `${PURCHASE_PREFIXES[kind]}-${id}`;

const PATTERN = /^(ORD|SUB|VTU)-([1-9]\d{0,9})$/i;

/** The purchase a quoted reference names (any letter case), or null when it names none. */
export function parsePurchaseReference(reference: string): { kind: PurchaseKind; id: number } | null {
  const match = PATTERN.exec(reference.trim());
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const prefix = match[1]!.toUpperCase();
  const kind = (Object.keys(PURCHASE_PREFIXES) as PurchaseKind[]).find((k) => PURCHASE_PREFIXES[k] === prefix)!;
  return { kind, id };
}
