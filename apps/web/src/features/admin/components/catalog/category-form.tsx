import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { CATEGORY_KIND_LABELS, CATEGORY_KINDS, type Category, type CategoryKind } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { SwitchField } from '@/components/ui/switch-field';
import { TextInput } from '@/components/ui/text-input';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { CATEGORY_CREATED, categoryFormSchema, useCreateCategory } from '../../api/create-category';
import { CATEGORY_UPDATED, useUpdateCategory } from '../../api/update-category';
import { ImageField } from './image-field';

const FIELDS = ['name', 'kind', 'enabled'] as const;

type CategoryFormProps = {
  category?: Category;
  cancelHref: string;
  onDone: () => void;
};

export function CategoryForm({ category, cancelHref, onDone }: CategoryFormProps) {
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [imageRefused, setImageRefused] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: {
      name: category?.name ?? '',
      kind: (category?.kind ?? '') as CategoryKind,
      enabled: category?.enabled ?? true,
    },
  });
  const { errors } = form.formState;
  const done = (message: string) => () => {
    notifySuccess(message, 'Action Successful');
    onDone();
  };
  const create = useCreateCategory({ onSuccess: done(CATEGORY_CREATED) });
  const update = useUpdateCategory({ onSuccess: done(CATEGORY_UPDATED) });

  const onSubmit = form.handleSubmit((values) => {
    // A refused image is not left out quietly: the admin picks another or removes it first.
    if (imageRefused) {
      notifyError(imageRefused);
      return;
    }
    const body = { ...values, ...(image ? { base64_photos: [image] } : {}) };
    const onError = (error: unknown) => {
      setImageError(
        isApiError(error) ? (error.fieldError('base64_photos') ?? error.fieldError('base64_photos.0')) : undefined,
      );
      notifyError(applyServerErrors(error, form.setError, FIELDS));
    };
    if (category) update.mutate({ id: category.id, ...body }, { onError });
    else create.mutate(body, { onError });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <TextInput
        label="Name"
        variant="settings"
        placeholder="e.g. Sachet Water"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <SelectField
        label="Kind"
        placeholder="Choose what it sells"
        hint="Decides how customers buy it: water (buy or subscribe), gas (by the kg), or airtime and data."
        error={errors.kind?.message}
        {...form.register('kind')}
      >
        {CATEGORY_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {CATEGORY_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <ImageField
        label="Category image"
        currentUrl={category?.image}
        value={image}
        onChange={(next) => {
          setImage(next);
          setImageError(undefined);
        }}
        error={imageError}
        onRefusedChange={setImageRefused}
      />
      <SwitchField
        label="Enabled"
        hint="Customers only see enabled categories."
        checked={form.watch('enabled') ?? true}
        onCheckedChange={(checked) => form.setValue('enabled', checked, { shouldDirty: true })}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={create.isPending || update.isPending}>
          {category ? 'Save changes' : 'Create category'}
        </Button>
        <Button asChild variant="outline">
          <Link to={cancelHref}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
