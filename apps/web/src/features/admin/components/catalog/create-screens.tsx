import { FormHeader, FormPage } from './admin-page-header';
import { CategoryForm } from './category-form';
import { LocationForm } from './location-form';
import { ProductForm } from './product-form';

type CreateScreenProps = { listHref: string; onDone: () => void };

export function ProductCreateScreen({ listHref, onDone }: CreateScreenProps) {
  return (
    <FormPage>
      <FormHeader title="Create product" backHref={listHref} backLabel="Back to products" />
      <ProductForm cancelHref={listHref} onDone={onDone} />
    </FormPage>
  );
}

export function LocationCreateScreen({ listHref, onDone }: CreateScreenProps) {
  return (
    <FormPage>
      <FormHeader title="Create location" backHref={listHref} backLabel="Back to locations" />
      <LocationForm cancelHref={listHref} onDone={onDone} />
    </FormPage>
  );
}

export function CategoryCreateScreen({ listHref, onDone }: CreateScreenProps) {
  return (
    <FormPage>
      <FormHeader title="Create category" backHref={listHref} backLabel="Back to categories" />
      <CategoryForm cancelHref={listHref} onDone={onDone} />
    </FormPage>
  );
}
