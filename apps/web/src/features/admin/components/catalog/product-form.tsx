import { useMemo, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
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
import { rowFieldPaths } from '../../utils/row-field-paths';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  PRODUCT_CREATED,
  productFormSchema,
  toProductFields,
  useCreateProduct,
  type ProductFormOutput,
  type ProductFormValues,
} from '../../api/create-product';
import { useEnabledCategories } from '@/lib/catalog-queries';
import { useAllLocations } from '../../api/get-locations';
import { PRODUCT_UPDATED, useUpdateProduct } from '../../api/update-product';
import { ImageField } from './image-field';
import { LocationPricesField } from './location-prices-field';

const FIELDS = [
  'product_name',
  'product_description',
  'product_category',
  'product_price',
  'product_tags',
  'approved',
  'locations',
  'new_locations',
] as const;
const ROW_FIELDS = ['id', 'product_location_price'] as const;

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
    locations: product
      ? product.locations.map((location) => ({
          id: String(location.location_id),
          product_location_price:
            location.product_location_price === null ? '' : String(location.product_location_price),
        }))
      : [{ id: '', product_location_price: '' }],
    new_locations: [],
  };
}

/**
 * The fields a 422 answer may speak of, as the form names them: the server numbers a row's messages
 * within the list it was sent in (`new_locations.0.product_location_price`), as the form does.
 */
function serverFields(values: ProductFormValues): Path<ProductFormValues>[] {
  return [
    ...FIELDS,
    ...rowFieldPaths('locations', values.locations.length, ROW_FIELDS),
    ...rowFieldPaths('new_locations', values.new_locations.length, ROW_FIELDS),
  ];
}

function imageErrorOf(error: unknown) {
  if (!isApiError(error)) return undefined;
  const found = Object.entries(error.errors).find(([key]) => key.split('.')[0] === 'base64_photos');
  return found?.[1][0];
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

  const send = (values: ProductFormOutput) => {
    setImageError(undefined);
    const fields = toProductFields(values, image);
    const onError = (error: unknown) => {
      notifyError(applyServerErrors(error, form.setError, serverFields(form.getValues())));
      setImageError(imageErrorOf(error));
    };
    if (product) {
      update.mutate(
        { id: product.id, ...fields, locations: values.locations, new_locations: values.new_locations },
        { onError },
      );
    } else {
      create.mutate({ ...fields, locations: values.locations }, { onError });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    // A refused image is not left out quietly: the admin picks another or removes it first.
    if (imageRefused) notifyError(imageRefused);
    else send(values);
  });

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
      <LocationPricesField form={form} updating={Boolean(product)} locations={locations} savedNames={savedNames} />
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
