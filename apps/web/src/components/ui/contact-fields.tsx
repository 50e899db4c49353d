import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { TextInput, type TextInputVariant } from './text-input';

type ContactFieldsProps<T extends FieldValues> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The form's own field names: a person's first and last name, or a business's name. */
  names: ({ first: Path<T>; last: Path<T> } | { business: Path<T> }) & { email: Path<T>; phone: Path<T> };
  /** e.g. 'Business Email'. */
  emailLabel?: string;
  /** e.g. 'Phone Number (optional)'. */
  phoneLabel?: string;
  phoneHint?: string;
  /** The name and the e-mail must be given (the phone's label says whether it may be left out). */
  required?: boolean;
  variant?: TextInputVariant;
};

/**
 * Who someone is and how to reach them, as every form that asks for it writes the fields: the
 * customer registering or editing the profile, an agent applying or editing the business. The
 * rules are the form's schema's (the contract's nameField, emailField and phoneField).
 */
export function ContactFields<T extends FieldValues>({
  register,
  errors,
  names,
  emailLabel = 'Email',
  phoneLabel = 'Phone Number',
  phoneHint,
  required,
  variant,
}: ContactFieldsProps<T>) {
  // The names are top-level fields, so their errors are too.
  const messageOf = (name: Path<T>) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const text = (name: Path<T>) => ({ variant, error: messageOf(name), ...register(name) });
  return (
    <>
      {'business' in names ? (
        <TextInput label="Business Name" autoComplete="organization" required={required} {...text(names.business)} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="First Name" autoComplete="given-name" required={required} {...text(names.first)} />
          <TextInput label="Last Name" autoComplete="family-name" required={required} {...text(names.last)} />
        </div>
      )}
      <TextInput
        label={emailLabel}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        required={required}
        {...text(names.email)}
      />
      <TextInput
        label={phoneLabel}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint={phoneHint}
        {...text(names.phone)}
      />
    </>
  );
}
