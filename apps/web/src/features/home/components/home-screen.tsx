import { useEffect, useState, type ComponentProps } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryKind } from '@ruwa/contract';
import { enabledLocationsQueryOptions, useEnabledCategories, useEnabledLocations } from '@/lib/catalog-queries';
import { CategoryGrid, type AirtimeDataTab } from './category-grid';
import { HomeCarousel } from './home-carousel';
import { HomeHero } from './home-hero';
import { LocationPicker } from './location-picker';

/** What Submit carries to the results screen (the location id and the product name). */
export type ProductChoice = {
  location_id: number;
  /** The category's name. */
  product: string;
  category_id: number;
  kind: CategoryKind;
};

type HomeScreenProps = {
  onSubmit: (choice: ProductChoice) => void;
  /** The airtime and data screen's address for a tab. */
  airtimeDataHref: (tab: AirtimeDataTab) => string;
  /** The electricity screen's address, for its tile. */
  electricityHref?: string;
};

type DataProps = 'categories' | 'isLoading' | 'isError' | 'onRetry';

/** The grid with its own query, so the categories arriving re-render the grid, not the screen. */
function Categories(props: Omit<ComponentProps<typeof CategoryGrid>, DataProps>) {
  const categories = useEnabledCategories();
  return (
    <CategoryGrid
      {...props}
      categories={categories.data}
      isLoading={categories.isPending}
      isError={categories.isError}
      onRetry={() => void categories.refetch()}
    />
  );
}

function Locations(props: Omit<ComponentProps<typeof LocationPicker>, 'locations' | 'isLoading'>) {
  const locations = useEnabledLocations();
  return <LocationPicker {...props} locations={locations.data} isLoading={locations.isPending} />;
}

/** The home screen, top to bottom: hero, promo carousel, then the category grid or the location picker. */
export function HomeScreen({ onSubmit, airtimeDataHref, electricityHref }: HomeScreenProps) {
  // Fetched with the grid, so the picker is ready the moment a category is chosen; prefetched, not
  // watched, so their arrival re-renders nothing while the grid shows. Asked for from an effect, not
  // during the render: effects run after the first paint (app/first-paint.ts), so this request does
  // not share a slow connection with the scripts and picture the first paint is waiting for.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(enabledLocationsQueryOptions());
  }, [queryClient]);
  const [category, setCategory] = useState<Category | null>(null);
  const [locationId, setLocationId] = useState('');

  const back = () => {
    setCategory(null);
    setLocationId('');
    // Back to the grid the user left.
    requestAnimationFrame(() => document.getElementById('select-product-heading')?.focus());
  };

  return (
    <div className="space-y-6">
      <HomeHero />
      <HomeCarousel />
      {category ? (
        <Locations
          category={category}
          locationId={locationId}
          onLocationChange={setLocationId}
          onBack={back}
          onSubmit={() =>
            onSubmit({
              location_id: Number(locationId),
              product: category.name,
              category_id: category.id,
              kind: category.kind,
            })
          }
        />
      ) : (
        <Categories onChoose={setCategory} airtimeDataHref={airtimeDataHref} electricityHref={electricityHref} />
      )}
    </div>
  );
}
