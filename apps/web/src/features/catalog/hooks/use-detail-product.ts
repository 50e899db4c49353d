import type { Location, LocationProduct } from '@ruwa/contract';
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

  const location = useEnabledLocations().data?.find((l) => l.id === locationId);
  const lookup = useLocationProduct({
    productId: productId ?? 0,
    locationId: locationId ?? 0,
    enabled: !usable && productId !== null && locationId !== null,
  });

  if (productId === null || locationId === null) return { status: 'missing' };
  if (usable) return { status: 'ready', product: usable, locationId, location };
  if (lookup.isPending) return { status: 'loading' };
  if (lookup.isSuccess && lookup.data === null) return { status: 'not_found' };
  if (!lookup.data) return { status: 'missing' };
  return { status: 'ready', product: lookup.data, locationId, location };
}
