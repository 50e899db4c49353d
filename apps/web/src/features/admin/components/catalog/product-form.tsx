import { useMemo, useState, type FormEvent } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Category, Location, Product } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { PageSpinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  locationRowsSchema,
  PRODUCT_CREATED,
  productFormSchema,
  toLocationPrices,
  toProductFields,
  useCreateProduct,
  type ProductFormOutput,
  type ProductFormValues,
  type ProductLocationPrice,
} from '../../api/create-product';
import { useEnabledCategories } from '@/lib/catalog-queries';
import { useAllLocations } from '../../api/get-locations';
import { PRODUCT_UPDATED, useUpdateProduct } from '../../api/update-product';
import { ImageField } from './image-field';
import { LocationPricesField, newPriceRow, type PriceRow, type PriceRowErrors } from './location-prices-field';

const FIELDS = [
  'product_name',
  'product_description',
  'product_category',
  'product_price',
  'product_tags',
  'approved',
] as const;
const ROW_FIELDS: Record<string, keyof PriceRowErrors> = { id: 'location_id', product_location_price: 'price' };

type ProductFormProps = {
  product?: Product;
  cancelHref: string;
  onDone: () => void;
};

function defaultsFor(product: Product | undefined): ProductFormValues {
  return {
    product_name: product?.product_name ?? '',
    product_description: product?.product_description ?? '',
    product_category: product ? String(product.category_id) : '',
    product_price: product ? String(product.product_price) : '',
    product_tags: product?.product_tags.join(', ') ?? '',
    approved: product?.approved ?? true,
  };
}

function rowsFor(product: Product | undefined): PriceRow[] {
  if (!product) return [newPriceRow()];
  return product.locations.map((location) =>
    newPriceRow({
      location_id: String(location.location_id),
      price: location.product_location_price === null ? '' : String(location.product_location_price),
      existing: true,
    }),
  );
}

type RowsCheck = { ok: true; prices: ProductLocationPrice[] } | { ok: false; errors: Record<number, PriceRowErrors> };

function checkRows(rows: PriceRow[]): RowsCheck {
  const result = locationRowsSchema.safeParse(rows);
  if (result.success) return { ok: true, prices: result.data };
  const errors: Record<number, PriceRowErrors> = {};
  for (const issue of result.error.issues) {
    const [index, field] = issue.path;
    const row = typeof index === 'number' ? rows[index] : undefined;
    if (!row || (field !== 'location_id' && field !== 'price')) continue;
    (errors[row.key] ??= {})[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * Puts a 422 answer's messages under the fields, including those about one price row
 * (`locations.2.product_location_price`, `new_locations.0.id`), which are numbered within the list
 * they were sent in.
 */
function readServerErrors(
  error: unknown,
  setError: UseFormSetError<ProductFormValues>,
  sent: { locations: PriceRow[]; new_locations: PriceRow[] },
) {
  const toast = applyServerErrors(error, setError, FIELDS);
  const rowErrors: Record<number, PriceRowErrors> = {};
  let listError: string | undefined;
  let imageError: string | undefined;
  if (isApiError(error)) {
    for (const [key, messages] of Object.entries(error.errors)) {
      const message = messages[0];
      if (!message) continue;
      const [list, position, field] = key.split('.');
      if (list === 'base64_photos') imageError ??= message;
      if (list !== 'locations' && list !== 'new_locations') continue;
      const row = position === undefined ? undefined : sent[list][Number(position)];
      const rowField = field ? ROW_FIELDS[field] : undefined;
      if (row && rowField) (rowErrors[row.key] ??= {})[rowField] ??= message;
      else listError ??= message;
    }
  }
  return { toast, rowErrors, listError, imageError };
}

/**
 * The choices load first: a native select given its value before its options exist would show the
 * placeholder instead of the product's category.
 */
export function ProductForm(props: ProductFormProps) {
  const categories = useEnabledCategories();
  const locations = useAllLocations();
  if (categories.isPending || locations.isPending) return <PageSpinner label="Loading categories and locations" />;
  return <ProductFormFields {...props} categories={categories.data ?? []} locations={locations.data ?? []} />;
}

function ProductFormFields({
  product,
  cancelHref,
  onDone,
  categories,
  locations,
}: ProductFormProps & { categories: Category[]; locations: Location[] }) {
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [imageRefused, setImageRefused] = useState<string | null>(null);
  const [rows, setRows] = useState(() => rowsFor(product));
  const [rowErrors, setRowErrors] = useState<Record<number, PriceRowErrors>>({});
  const [listError, setListError] = useState<string | undefined>();
  const [rowsChecked, setRowsChecked] = useState(false);
  const form = useForm({ resolver: zodResolver(productFormSchema), defaultValues: defaultsFor(product) });
  const { errors } = form.formState;
  const savedNames = useMemo(
    () => new Map(product?.locations.map((location) => [String(location.location_id), location.name])),
    [product],
  );

  const done = (message: string) => () => {
    notifySuccess(message, 'Action Successful');
    onDone();
  };
  const create = useCreateProduct({ onSuccess: done(PRODUCT_CREATED) });
  const update = useUpdateProduct({ onSuccess: done(PRODUCT_UPDATED) });

  const changeRows = (next: PriceRow[]) => {
    setRows(next);
    setListError(undefined);
    // Like the other fields: once the form was submitted, the list is checked as it changes.
    if (rowsChecked) {
      const check = checkRows(next);
      setRowErrors(check.ok ? {} : check.errors);
    }
  };

  const send = (values: ProductFormOutput, prices: ProductLocationPrice[]) => {
    setImageError(undefined);
    const fields = toProductFields(values, image);
    // On update the rows the product had are kept as `locations` and added rows go in
    // `new_locations`; a saved location removed from the list is dropped.
    const sentRows = product
      ? { locations: rows.filter((row) => row.existing), new_locations: rows.filter((row) => !row.existing) }
      : { locations: rows, new_locations: [] };
    const pricesOf = (list: PriceRow[]) => toLocationPrices(list.map((row) => prices[rows.indexOf(row)]!));
    const onError = (error: unknown) => {
      const result = readServerErrors(error, form.setError, sentRows);
      setRowErrors(result.rowErrors);
      setListError(result.listError);
      setImageError(result.imageError);
      notifyError(result.toast);
    };
    if (product) {
      update.mutate(
        {
          id: product.id,
          ...fields,
          locations: pricesOf(sentRows.locations),
          new_locations: pricesOf(sentRows.new_locations),
        },
        { onError },
      );
    } else {
      create.mutate({ ...fields, locations: pricesOf(sentRows.locations) }, { onError });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const check = checkRows(rows);
    setRowsChecked(true);
    setRowErrors(check.ok ? {} : check.errors);
    void form.handleSubmit((values) => {
      // A refused image is not left out quietly: the admin picks another or removes it first.
      if (imageRefused) notifyError(imageRefused);
      else if (check.ok) send(values, check.prices);
    })(event);
  };

  // A product whose category was since disabled keeps it until the admin picks another.
  const currentMissing = product && !categories.some((category) => category.id === product.category_id);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <TextInput
        label="Name"
        variant="settings"
        placeholder="e.g. Eva Table Water 75cl (12 bottles)"
        error={errors.product_name?.message}
        {...form.register('product_name')}
      />
      <TextArea
        label="Description"
        rows={3}
        error={errors.product_description?.message}
        {...form.register('product_description')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Category"
          placeholder="Choose a category"
          error={errors.product_category?.message}
          {...form.register('product_category')}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
          {currentMissing && <option value={product.category_id}>{`${product.product_category} (disabled)`}</option>}
        </SelectField>
        <TextInput
          label="Base price (₦)"
          variant="settings"
          inputMode="decimal"
          autoComplete="off"
          error={errors.product_price?.message}
          {...form.register('product_price')}
        />
      </div>
      <TextInput
        label="Tags"
        variant="settings"
        placeholder="e.g. water, bottle, 75cl"
        hint="Separate tags with commas."
        error={errors.product_tags?.message}
        {...form.register('product_tags')}
      />
      <SwitchField
        label="Approved"
        hint="Customers only see approved products."
        checked={form.watch('approved')}
        onCheckedChange={(checked) => form.setValue('approved', checked, { shouldDirty: true })}
      />
      <LocationPricesField
        rows={rows}
        onChange={changeRows}
        errors={rowErrors}
        locations={locations}
        savedNames={savedNames}
        listError={listError}
      />
      <ImageField
        label="Product image"
        currentUrl={product?.product_images[0]}
        value={image}
        onChange={(next) => {
          setImage(next);
          setImageError(undefined);
        }}
        error={imageError}
        onRefusedChange={setImageRefused}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={create.isPending || update.isPending}>
          {product ? 'Save changes' : 'Create product'}
        </Button>
        <Button asChild variant="outline">
          <Link to={cancelHref}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
