import { createContext, useContext } from 'react';

/**
 * Where "Top up ₦X" goes: the deposit screen with the amount filled. The app provides it (it owns the
 * paths), so a payment field deep in a feature can offer it without knowing the routes.
 */
export const TopUpLinkContext = createContext<((amountNaira: number) => string) | null>(null);

export function useTopUpLink() {
  return useContext(TopUpLinkContext);
}
