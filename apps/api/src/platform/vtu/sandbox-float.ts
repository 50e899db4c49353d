// What the VTU sandbox's float and timings are, shared by its airtime, data and bill routes.

/** How long a "pending" sandbox vend (numbers ending 9999) stays pending before a requery delivers it. */
export const SANDBOX_PENDING_MS = 5_000;

/**
 * What the sandbox's float held before its first vend; each vend, delivered or still pending, draws
 * on it (face value less the discount).
 */
export const SANDBOX_OPENING_FLOAT_NAIRA = 1_000_000;

/** The sandbox's commission, given as a discount on every vend as VTpass does: it charges 97% of face value. */
export const SANDBOX_VTU_DISCOUNT_PERCENT = 3;
/** What the sandbox takes from the float for a vend of this face value, in kobo. */
export const sandboxChargeKobo = (amountNaira: number) =>
  amountNaira * 100 - Math.round((amountNaira * 100 * SANDBOX_VTU_DISCOUNT_PERCENT) / 100);
