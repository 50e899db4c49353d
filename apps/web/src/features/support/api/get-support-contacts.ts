import { useQuery } from '@tanstack/react-query';
import type { SupportContacts } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET support/contacts -> the business's phone, WhatsApp and e-mail (null where none is set). */
export function getSupportContacts(signal?: AbortSignal) {
  return api.get<SupportContacts>('support/contacts', undefined, signal).then(({ data }) => data);
}

export function useSupportContacts() {
  return useQuery({
    queryKey: queryKeys.support.contacts(),
    queryFn: ({ signal }) => getSupportContacts(signal),
    meta: { silent: true },
  });
}
