/**
 * The receipt screen's cached answers. Kept with the screen rather than in lib/query-keys.ts, whose
 * every byte loads on the first screen: nothing else reads or invalidates a receipt.
 */
export const receiptKeys = {
  one: (reference: string) => ['receipts', reference] as const,
  image: (reference: string) => ['receipts', reference, 'image'] as const,
};
