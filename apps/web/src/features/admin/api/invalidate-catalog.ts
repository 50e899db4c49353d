import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After any catalogue change: every list that can show it, admin and customer alike, refetches.
 * Names and prices appear in several lists (a category's name on its products, a location's name
 * in a product's prices), so a change to one invalidates them all.
 */
export function invalidateCatalog(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [queryKeys.categories.all, queryKeys.locations.all, queryKeys.products.all, queryKeys.locationProducts.all].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
