import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { CategoryKind, LocationProduct } from '@ruwa/contract';
import { PageSpinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { useEnabledCategories } from '@/features/catalog/api/get-categories';
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

/** The location and category ids, from navigation state first, else from the address. */
function useResultsChoice() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = (location.state ?? {}) as ResultsState;
  return {
    state,
    locationId: idFrom(state.location_id, searchParams.get('location_id')),
    categoryId: idFrom(state.category_id, searchParams.get('category_id')),
  };
}

/** /results: the products of the category chosen on Home, at the chosen location. */
export function ResultsRoute() {
  const { state, locationId, categoryId } = useResultsChoice();
  // The choice arrives in navigation state; the address holds it too, so a reload works.
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

/**
 * The same results, for one kind of product: /water-sub/results and /gas/results. Only the location is needed; the category is the one asked for when it is of this kind,
 * else the first enabled category of the kind, so the heading always matches what is listed.
 */
function KindResults({ kinds }: { kinds: readonly CategoryKind[] }) {
  const { locationId, categoryId } = useResultsChoice();
  const categories = useEnabledCategories({ enabled: locationId !== null });
  if (locationId === null) return <Navigate to={paths.app.home.getHref()} replace />;
  if (categories.isPending) return <PageSpinner label="Loading products" />;
  if (categories.isError) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
        The products could not be loaded.{' '}
        <Button size="sm" variant="outline" onClick={() => void categories.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const ofKind = categories.data.filter((category) => kinds.includes(category.kind));
  const category = ofKind.find((item) => item.id === categoryId) ?? ofKind[0];
  // Nothing of this kind is on sale: back to the choice on Home.
  if (!category) return <Navigate to={paths.app.home.getHref()} replace />;

  return (
    <ResultsScreen
      key={`${locationId}-${category.id}`}
      locationId={locationId}
      categoryId={category.id}
      kind={category.kind}
      categoryName={category.name}
      productLink={(product) => productLink(product, locationId)}
      backHref={paths.app.home.getHref()}
    />
  );
}

const WATER_KINDS = ['sachet_water', 'bottle_water'] as const satisfies CategoryKind[];
const GAS_KINDS = ['gas'] as const satisfies CategoryKind[];

/** /water-sub/results: sachet or bottle water at a location, under 'Water Subscriptions'. */
export function WaterSubResultsRoute() {
  return <KindResults kinds={WATER_KINDS} />;
}

/** /gas/results: gas at a location, under 'Gas at your door step'. */
export function GasResultsRoute() {
  return <KindResults kinds={GAS_KINDS} />;
}
