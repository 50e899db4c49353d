import { useQueryClient } from '@tanstack/react-query';
import type { Location, LocationProduct } from '@ruwa/contract';
import { isApiError } from '@/lib/api-client';
import { useOnlineStatus } from '@/lib/online-status';
import { queryKeys } from '@/lib/query-keys';
import { useEnabledLocations } from '@/lib/catalog-queries';
import { useLocationProduct } from '../api/get-location-products';

function isLocationProduct(value: unknown): value is LocationProduct {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<LocationProduct>;
  return (
    typeof candidate.id === 'number' &&
    typeof candidate.product_name === 'string' &&
    typeof candidate.price === 'number' &&
    Array.isArray(candidate.product_images)
  );
}

function positiveId(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export type DetailProduct =
  | {
      status: 'ready';
      product: LocationProduct;
      locationId: number;
      /** The area's delivery terms (fee, minimum order, windows), once the locations have loaded. */
      location: Location | undefined;
    }
  | { status: 'loading' }
  /** Offline, and this phone has no saved copy of the product: nothing to show until it connects. */
  | { status: 'offline'; retry: () => void }
  /** No product named at all (nothing to look up). */
  | { status: 'missing' }
  /** The address names a product the location does not sell (an old or mistyped link). */
  | { status: 'not_found' };

/**
 * The product a detail screen shows. It normally arrives in navigation state; opened from its
 * address (?product_id=&location_id=, a reload or a shared link) it is looked up at that location.
 * The address wins when the two disagree.
 */
export function useDetailProduct({
  stateProduct,
  stateLocation,
  searchParams,
}: {
  stateProduct: unknown;
  stateLocation: unknown;
  searchParams: URLSearchParams;
}): DetailProduct {
  const fromState = isLocationProduct(stateProduct) ? stateProduct : null;
  const productId = positiveId(searchParams.get('product_id')) ?? fromState?.id ?? null;
  const locationId =
    positiveId(searchParams.get('location_id')) ?? positiveId(stateLocation) ?? fromState?.pivot?.location_id ?? null;
  const usable =
    fromState && fromState.id === productId && (fromState.pivot?.location_id ?? locationId) === locationId
      ? fromState
      : null;

  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const location = useEnabledLocations().data?.find((l) => l.id === locationId);
  const lookup = useLocationProduct({
    productId: productId ?? 0,
    locationId: locationId ?? 0,
    enabled: !usable && productId !== null && locationId !== null,
  });

  if (productId === null || locationId === null) return { status: 'missing' };
  if (usable) return { status: 'ready', product: usable, locationId, location };
  // Without a network and a saved copy, the lookup goes unanswered, then waits (paused) or retries
  // until the network is back: only connecting can show it, which a spinner would not say.
  const unanswered = isApiError(lookup.failureReason) && lookup.failureReason.status === 0;
  const waitingForNetwork = lookup.fetchStatus === 'paused' || (unanswered && !online);
  if ((lookup.isPending && waitingForNetwork) || (lookup.isError && unanswered)) {
    // A fresh start: a paused lookup would otherwise keep waiting for the browser's 'online' event.
    const retry = () =>
      void queryClient.resetQueries({ queryKey: queryKeys.locationProducts.one(locationId, productId) });
    return { status: 'offline', retry };
  }
  if (lookup.isPending) return { status: 'loading' };
  if (lookup.isSuccess && lookup.data === null) return { status: 'not_found' };
  if (!lookup.data) return { status: 'missing' };
  return { status: 'ready', product: lookup.data, locationId, location };
}
