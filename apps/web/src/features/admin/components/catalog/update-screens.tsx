import type { Category, Location, Product } from '@ruwa/contract';
import { PageSpinner } from '@/components/ui/spinner';
import { useCategory } from '../../api/get-categories';
import { useAdminLocation } from '../../api/get-locations';
import { useProduct } from '../../api/get-product';
import { FormHeader, FormPage, MissingRecord } from './admin-page-header';
import { CategoryForm } from './category-form';
import { CylinderPricesForm } from './cylinder-prices-form';
import { LocationForm } from './location-form';
import { ProductForm } from './product-form';

/**
 * The edit screens get their record in navigation state and its id in the
 * address; opened from the address alone (a reload, a bookmark) they fetch it.
 */
type UpdateScreenProps = {
  id: number | null;
  /** The record from navigation state, if any; used only when it is the one the address names. */
  fromState: unknown;
  listHref: string;
  onDone: () => void;
};

function matching<T extends { id: number }>(value: unknown, id: number | null): T | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as T;
  return typeof record.id === 'number' && (id === null || record.id === id) ? record : undefined;
}

export function ProductUpdateScreen({ id, fromState, listHref, onDone }: UpdateScreenProps) {
  const stateProduct = matching<Product>(fromState, id);
  const query = useProduct(id, { enabled: !stateProduct });
  const product = stateProduct ?? query.data;
  return (
    <FormPage>
      <FormHeader title="Update product" backHref={listHref} backLabel="Back to products" />
      {product ? (
        <>
          <ProductForm product={product} cancelHref={listHref} onDone={onDone} />
          {product.kind === 'gas' && <CylinderPricesForm product={product} />}
        </>
      ) : query.isPending && id !== null ? (
        <PageSpinner label="Loading the product" />
      ) : (
        <MissingRecord message="This product could not be found." backHref={listHref} backLabel="Back to products" />
      )}
    </FormPage>
  );
}

export function LocationUpdateScreen({ id, fromState, listHref, onDone }: UpdateScreenProps) {
  const stateLocation = matching<Location>(fromState, id);
  const query = useAdminLocation(id, { enabled: !stateLocation });
  const location = stateLocation ?? query.data;
  return (
    <FormPage>
      <FormHeader title="Update location" backHref={listHref} backLabel="Back to locations" />
      {location ? (
        <LocationForm location={location} cancelHref={listHref} onDone={onDone} />
      ) : query.isPending && id !== null ? (
        <PageSpinner label="Loading the location" />
      ) : (
        <MissingRecord message="This location could not be found." backHref={listHref} backLabel="Back to locations" />
      )}
    </FormPage>
  );
}

export function CategoryUpdateScreen({ id, fromState, listHref, onDone }: UpdateScreenProps) {
  const stateCategory = matching<Category>(fromState, id);
  const query = useCategory(id, { enabled: !stateCategory });
  const category = stateCategory ?? query.data;
  return (
    <FormPage>
      <FormHeader title="Update category" backHref={listHref} backLabel="Back to categories" />
      {category ? (
        <CategoryForm category={category} cancelHref={listHref} onDone={onDone} />
      ) : query.isPending && id !== null ? (
        <PageSpinner label="Loading the category" />
      ) : (
        <MissingRecord message="This category could not be found." backHref={listHref} backLabel="Back to categories" />
      )}
    </FormPage>
  );
}
