import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '@ruwa/contract';
import { api, type Query } from '@/lib/api-client';

const PER_PAGE = 100;

/** A record already on a cached list page (e.g. the table the admin came from), if any. */
export function findCached<T extends { id: number }>(
  queryClient: QueryClient,
  listKey: readonly unknown[],
  id: number,
) {
  for (const [, page] of queryClient.getQueriesData<Page<T>>({ queryKey: listKey })) {
    const found = page?.data?.find((row) => row.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Walks a list endpoint's pages for one record: locations and categories have no "show" endpoint,
 * and an edit screen opened from its address (a reload) has only the id. Null when it is gone.
 */
export async function findInPages<T extends { id: number }>(
  path: string,
  id: number,
  query: Query = {},
  signal?: AbortSignal,
): Promise<T | null> {
  for (let page = 1; ; page += 1) {
    const { data } = await api.get<Page<T>>(path, { ...query, page, per_page: PER_PAGE }, signal);
    const found = data.data.find((row) => row.id === id);
    if (found) return found;
    if (!data.next_page_url || page >= data.last_page) return null;
  }
}
