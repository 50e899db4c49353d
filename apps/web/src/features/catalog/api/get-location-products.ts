import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationProduct, Page } from '@ruwa/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type GetLocationProductsInput = {
  location_id: number;
  category_id?: number;
  page?: number;
  per_page?: number;
};

export const RESULTS_PER_PAGE = 30;

/**
 * GET location/products/index?location_id=&category_id=&page= -> what can be bought at a location,
 * cheapest first, each with the price there (the location's price, else the base price).
 */
export function getLocationProducts(input: GetLocationProductsInput, signal?: AbortSignal) {
  return api
    .get<Page<LocationProduct>>(
      'location/products/index',
      { location_id: input.location_id, category_id: input.category_id, page: input.page, per_page: input.per_page },
      signal,
    )
    .then(({ data }) => data);
}

/** The admin screens invalidate every location-products key after catalogue changes. */
export function locationProductsQueryOptions(input: GetLocationProductsInput) {
  return queryOptions({
    queryKey: queryKeys.locationProducts.list(
      input.location_id,
      input.category_id ?? null,
      input.page ?? 1,
      input.per_page ?? null,
    ),
    queryFn: ({ signal }) => getLocationProducts(input, signal),
  });
}

export function useLocationProducts(input: GetLocationProductsInput) {
  return useQuery({ ...locationProductsQueryOptions(input), placeholderData: keepPreviousData });
}

const FIND_PER_PAGE = 100;

/**
 * One product as sold at one location, for a detail screen opened from its address (a reload or a
 * shared link): walks the location's list, which is where its price there comes from. Null when it
 * is not (or no longer) sold there.
 */
export async function findLocationProduct(
  locationId: number,
  productId: number,
  signal?: AbortSignal,
): Promise<LocationProduct | null> {
  for (let page = 1; ; page += 1) {
    const result = await getLocationProducts({ location_id: locationId, page, per_page: FIND_PER_PAGE }, signal);
    const found = result.data.find((product) => product.id === productId);
    if (found) return found;
    if (!result.next_page_url || page >= result.last_page) return null;
  }
}

export function useLocationProduct({
  locationId,
  productId,
  enabled,
}: {
  locationId: number;
  productId: number;
  enabled: boolean;
}) {
  return useQuery({
    queryKey: queryKeys.locationProducts.one(locationId, productId),
    queryFn: ({ signal }) => findLocationProduct(locationId, productId, signal),
    enabled,
  });
}
