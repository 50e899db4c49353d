import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { CategoryKind, LocationProduct } from '@ruwa/contract';
import { ResultsScreen } from '@/features/catalog/components/results-screen';
import { paths } from '../../paths';

type ResultsState = { location_id?: unknown; category_id?: unknown; product?: unknown; kind?: unknown };

const KINDS: readonly string[] = ['sachet_water', 'bottle_water', 'gas', 'airtime_data'] satisfies CategoryKind[];

function idFrom(...values: unknown[]): number | null {
  for (const value of values) {
    const id =
      typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
    if (Number.isSafeInteger(id) && id > 0) return id;
  }
  return null;
}

/** Where a product card goes: water to the subscription screen, gas to the purchase screen. */
function productLink(product: LocationProduct, locationId: number) {
  const query = { product_id: product.id, location_id: locationId };
  if (product.kind === 'gas')
    return { to: paths.app.gasBuy.getHref(query), state: { distro: product, location: locationId } };
  if (product.kind === 'sachet_water' || product.kind === 'bottle_water') {
    return { to: paths.app.waterSubShow.getHref(query), state: { subscription: product, location: locationId } };
  }
  return null;
}

export function ResultsRoute() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state ?? {}) as ResultsState;
  // SPEC: the choice arrives in navigation state; the address holds it too, so a reload works.
  const locationId = idFrom(state.location_id, searchParams.get('location_id'));
  const categoryId = idFrom(state.category_id, searchParams.get('category_id'));
  if (locationId === null || categoryId === null) return <Navigate to={paths.app.home.getHref()} replace />;

  const kind = typeof state.kind === 'string' && KINDS.includes(state.kind) ? (state.kind as CategoryKind) : undefined;
  return (
    <ResultsScreen
      key={`${locationId}-${categoryId}`}
      locationId={locationId}
      categoryId={categoryId}
      kind={kind}
      categoryName={typeof state.product === 'string' ? state.product : undefined}
      productLink={(product) => productLink(product, locationId)}
      backHref={paths.app.home.getHref()}
    />
  );
}
