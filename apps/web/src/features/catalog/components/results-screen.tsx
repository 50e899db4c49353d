import { useState } from 'react';
import type { CategoryKind, LocationProduct } from '@ruwa/contract';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { useEnabledCategories } from '@/lib/catalog-queries';
import { RESULTS_PER_PAGE, useLocationProducts } from '../api/get-location-products';
import { ProductCard, type ProductLink } from './product-card';
import { BackLink } from '@/components/ui/back-link';

export const NO_RESULTS_MESSAGE = 'No products are available here yet.';

/** The heading says what kind of product is listed. */
export function resultsHeading(kind: CategoryKind | undefined): string {
  if (kind === 'sachet_water' || kind === 'bottle_water') return 'Water Subscriptions';
  if (kind === 'gas') return 'Gas at your door step';
  return 'Products';
}

type ResultsScreenProps = {
  locationId: number;
  categoryId: number;
  /** From the home screen's navigation state; looked up when the page was opened from its address. */
  kind?: CategoryKind;
  categoryName?: string;
  productLink: (product: LocationProduct) => ProductLink | null;
  backHref: string;
};

export function ResultsScreen({
  locationId,
  categoryId,
  kind,
  categoryName,
  productLink,
  backHref,
}: ResultsScreenProps) {
  const [page, setPage] = useState(1);
  const products = useLocationProducts({
    location_id: locationId,
    category_id: categoryId,
    page,
    per_page: RESULTS_PER_PAGE,
  });
  const categories = useEnabledCategories({ enabled: !kind });
  const category = categories.data?.find((item) => item.id === categoryId);
  const resolvedKind = kind ?? category?.kind ?? products.data?.data[0]?.kind;
  const name = categoryName ?? category?.name;
  const headingPending = !resolvedKind && categories.isPending;
  const list = products.data?.data;

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <BackLink to={backHref} label="Back to home" />
        <div className="min-w-0">
          {headingPending ? (
            <Skeleton className="h-7 w-48" />
          ) : (
            <h1 className="text-xl font-bold text-slate-900">{resultsHeading(resolvedKind)}</h1>
          )}
          {name && <p className="truncate text-sm text-slate-600">{name}</p>}
        </div>
      </div>

      {products.isPending ? (
        <ul className="grid grid-cols-2 gap-3" aria-busy="true" aria-label="Loading products">
          {[0, 1, 2, 3].map((key) => (
            <li key={key} className="space-y-2">
              <Skeleton className="aspect-square w-full" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-5 w-1/2" />
            </li>
          ))}
        </ul>
      ) : products.isError && !list ? (
        <div role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
          The products could not be loaded.{' '}
          <button
            type="button"
            className="cursor-pointer font-semibold underline"
            onClick={() => void products.refetch()}
          >
            Try again
          </button>
        </div>
      ) : !list || list.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-700 ring-1 ring-slate-200">{NO_RESULTS_MESSAGE}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3" aria-busy={products.isPlaceholderData || undefined}>
          {list.map((product) => {
            const link = productLink(product);
            return link ? (
              <li key={product.id}>
                <ProductCard product={product} link={link} />
              </li>
            ) : null;
          })}
        </ul>
      )}
      {products.data && products.data.last_page > 1 && (
        <Pager
          page={products.data}
          onPageChange={setPage}
          disabled={products.isPlaceholderData}
          label="Product pages"
        />
      )}
    </div>
  );
}
