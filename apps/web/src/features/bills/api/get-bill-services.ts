import { useQuery } from '@tanstack/react-query';
import type { BillService } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET bills/services?category=electricity -> the DisCos and the least and most one payment may be. */
export function getElectricityServices(signal?: AbortSignal) {
  return api.get<BillService[]>('bills/services', { category: 'electricity' }, signal).then(({ data }) => data);
}

export function useElectricityServices() {
  return useQuery({
    queryKey: queryKeys.bills.services('electricity'),
    queryFn: ({ signal }) => getElectricityServices(signal),
  });
}
