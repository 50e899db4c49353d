import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toLocalPhone, type User } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ContactFields } from '@/components/ui/contact-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { updateProfileInputSchema, useUpdateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';

const FIELDS = ['first_name', 'last_name', 'email', 'phone_number'] as const;

type ProfileUpdateFormProps = {
  user: User;
  /** Runs after a successful save (the app goes back one step). */
  onSuccess: () => void;
};

export function ProfileUpdateForm({ user, onSuccess }: ProfileUpdateFormProps) {
  const [photo, setPhoto] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(updateProfileInputSchema),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone_number: toLocalPhone(user.phone_number),
    },
  });
  const { errors } = form.formState;
  const mutation = useUpdateProfile({
    onSuccess: () => {
      notifySuccess('Profile has been updated successfully', 'Action Successful');
      onSuccess();
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(
      { ...values, ...(photo ? { base64_photos: [photo] } : {}) },
      { onError: (error) => notifyError(applyServerErrors(error, form.setError, FIELDS)) },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <AvatarPicker
        src={photo ?? user.picture}
        firstName={user.first_name}
        lastName={user.last_name}
        onPick={setPhoto}
      />
      <ContactFields
        register={form.register}
        errors={errors}
        names={{ first: 'first_name', last: 'last_name', email: 'email', phone: 'phone_number' }}
      />
      <Button type="submit" block loading={mutation.isPending}>
        Save
      </Button>
    </form>
  );
}
