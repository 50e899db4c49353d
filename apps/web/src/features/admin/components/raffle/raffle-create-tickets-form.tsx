import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { dayInputProps } from '../../utils/day-input';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  createTicketsSchema,
  useCreateRaffleTickets,
  type CreateTicketsFormValues,
  type CreateTicketsInput,
} from '../../api/raffle/create-raffle-tickets';

const FIELDS = ['email', 'count', 'expiration_date'] as const;
const EMPTY: CreateTicketsFormValues = { email: '', count: '1', expiration_date: '' };

/** Gives a customer (by e-mail) up to 100 tickets; without a date the settings' expiry rule applies. */
export function RaffleCreateTicketsForm() {
  const form = useForm<CreateTicketsFormValues, unknown, CreateTicketsInput>({
    // Typed for the fields' text: the contract reads the count from text as well as from JSON.
    resolver: zodResolver(createTicketsSchema as unknown as z.ZodType<CreateTicketsInput, CreateTicketsFormValues>),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const create = useCreateRaffleTickets();

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message || 'Raffle tickets have been created successfully', 'Action Successful');
        form.reset(EMPTY);
      },
      onError: (error) => notifyError(applyServerErrors(error, form.setError, FIELDS)),
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="create-tickets-heading"
      className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="create-tickets-heading" className="text-lg font-semibold text-slate-900">
        Create tickets
      </h2>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextInput
          label="Customer e-mail"
          type="email"
          variant="settings"
          autoComplete="off"
          placeholder="customer@example.com"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label="Number of tickets"
          variant="settings"
          inputMode="numeric"
          error={errors.count?.message}
          {...form.register('count')}
        />
        <TextInput
          label="Expiry date (optional)"
          {...dayInputProps}
          variant="settings"
          hint="Empty: the expiry rule in Settings."
          error={errors.expiration_date?.message}
          {...form.register('expiration_date')}
        />
      </div>
      <Button type="submit" loading={create.isPending}>
        Create tickets
      </Button>
    </form>
  );
}
