import type { QueryClient } from '@tanstack/react-query';

/** After a change to one customer: their page and every customers list (the status column). */
export function invalidateCustomers(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
}
