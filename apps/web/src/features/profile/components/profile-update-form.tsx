import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { normalizeNigerianPhone, toLocalPhone, type User } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { ContactFields } from '@/components/ui/contact-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { updateProfileInputSchema, useUpdateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';
import { PhoneChangeCodeForm } from './phone-change-code-form';

const FIELDS = ['first_name', 'last_name', 'email', 'phone_number', 'current_password'] as const;

type ProfileUpdateFormProps = {
  user: User;
  /** Runs after a successful save (the app goes back one step). */
  onSuccess: () => void;
};

export function ProfileUpdateForm({ user, onSuccess }: ProfileUpdateFormProps) {
  const [photo, setPhoto] = useState<string | null>(null);
  const [pendingPhone, setPendingPhone] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(updateProfileInputSchema),
    defaultValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone_number: toLocalPhone(user.phone_number),
      current_password: '',
    },
  });
  const { errors } = form.formState;
  // The e-mail and phone are how the account is recovered: changing them asks for the password.
  const [email, phone] = form.watch(['email', 'phone_number']);
  const contactChanges =
    email.trim().toLowerCase() !== user.email.toLowerCase() ||
    (normalizeNigerianPhone(phone) ?? phone) !== user.phone_number;
  const mutation = useUpdateProfile({
    onSuccess: ({ message, data }) => {
      // The server says what is left to do when a new e-mail or phone waits for its proof.
      const waiting = data.pending_email !== user.pending_email || data.pending_phone !== user.pending_phone;
      notifySuccess(waiting ? message : 'Profile has been updated successfully', 'Action Successful');
      if (data.pending_phone && data.pending_phone !== user.pending_phone) setPendingPhone(data.pending_phone);
      else onSuccess();
    },
  });

  if (pendingPhone) return <PhoneChangeCodeForm newPhone={pendingPhone} onDone={onSuccess} />;

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(
      {
        ...values,
        current_password: contactChanges ? values.current_password : undefined,
        ...(photo ? { base64_photos: [photo] } : {}),
      },
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
      {contactChanges && (
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          hint="Needed to change your e-mail or phone number. The new one is used once you confirm it."
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
      )}
      <Button type="submit" block loading={mutation.isPending}>
        Save
      </Button>
    </form>
  );
}
