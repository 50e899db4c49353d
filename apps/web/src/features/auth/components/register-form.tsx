import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { AuthResult, Envelope } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ContactFields } from '@/components/ui/contact-fields';
import { PasswordInput } from '@/components/ui/password-input';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { registerSchema, useRegister } from '../api/register';

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'referral_code',
  'password',
  'password_confirmation',
] as const;

type RegisterFormProps = {
  defaultReferralCode?: string;
  loginHref: string;
  onSuccess: (result: Envelope<AuthResult>) => void;
};

export function RegisterForm({ defaultReferralCode = '', loginHref, onSuccess }: RegisterFormProps) {
  const form = useForm({
    resolver: registerSchema.resolver,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone_number: '',
      referral_code: defaultReferralCode,
      password: '',
      password_confirmation: '',
    },
  });
  const { errors } = form.formState;
  const registerMutation = useRegister({ onSuccess });

  const onSubmit = form.handleSubmit((values) => {
    registerMutation.mutate(values, {
      // Each field's first server message under it, and the first one in a toast.
      onError: (error) => notifyError(applyServerErrors(error, form.setError, FIELDS)),
    });
  });

  return (
    <form onSubmit={onSubmit} onFocus={registerSchema.preload} noValidate className="space-y-4">
      <ContactFields
        register={form.register}
        errors={errors}
        names={{ first: 'first_name', last: 'last_name', email: 'email', phone: 'phone_number' }}
        phoneHint="For example 08031234567"
      />
      <TextInput
        label="Referral Code (optional)"
        autoCapitalize="characters"
        autoComplete="off"
        error={errors.referral_code?.message}
        {...form.register('referral_code')}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...form.register('password_confirmation')}
      />
      <Button type="submit" block loading={registerMutation.isPending}>
        Register
      </Button>
      <p className="pt-2 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={loginHref} className="font-semibold text-brand-700 underline underline-offset-4">
          Sign in here
        </Link>
      </p>
    </form>
  );
}
