import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PERIOD_OUT_OF_ORDER } from '@ruwa/contract/dates';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { dayInputProps, dayText, formatInputDay } from '../../utils/day-input';

/** What the books show: '' days are unset (as at today, or no period). */
export type BooksView = { asAt: string; from: string; to: string };

const booksViewSchema = z.object({ asAt: dayText, from: dayText, to: dayText }).superRefine((view, context) => {
  if (view.from && !view.to)
    context.addIssue({ code: 'custom', path: ['to'], message: 'Enter the last day of the period.' });
  if (view.to && !view.from)
    context.addIssue({ code: 'custom', path: ['from'], message: 'Enter the first day of the period.' });
  if (view.from && view.to && view.from > view.to)
    context.addIssue({ code: 'custom', path: ['to'], message: PERIOD_OUT_OF_ORDER });
});

type Props = {
  view: BooksView;
  onApply: (view: BooksView) => void;
  /** Without it, only the period (the profit and loss has no "as at"). */
  withAsAt?: boolean;
  /** Whether a period is required (the profit and loss needs one). */
  periodRequired?: boolean;
};

/**
 * The days the books are read for, typed as dd/mm/yyyy: a day the balances stood at, or a period
 * (both ends included). The period wins when both are given.
 */
export function PeriodFields({ view, onApply, withAsAt = false, periodRequired = false }: Props) {
  const form = useForm<z.input<typeof booksViewSchema>, unknown, BooksView>({
    resolver: zodResolver(
      periodRequired
        ? booksViewSchema.superRefine((values, context) => {
            if (!values.from && !values.to)
              context.addIssue({ code: 'custom', path: ['from'], message: 'Enter the first day of the period.' });
          })
        : booksViewSchema,
    ),
    values: { asAt: formatInputDay(view.asAt), from: formatInputDay(view.from), to: formatInputDay(view.to) },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(onApply)(event)}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start"
    >
      {withAsAt && (
        <TextInput
          {...dayInputProps}
          label="As at"
          hint="Balances at the end of that day (empty: now)"
          containerClassName="sm:w-44"
          error={errors.asAt?.message}
          {...form.register('asAt')}
        />
      )}
      <TextInput
        {...dayInputProps}
        label="From"
        containerClassName="sm:w-44"
        error={errors.from?.message}
        {...form.register('from')}
      />
      <TextInput
        {...dayInputProps}
        label="To"
        containerClassName="sm:w-44"
        error={errors.to?.message}
        {...form.register('to')}
      />
      <Button type="submit" className="sm:mt-7">
        Show
      </Button>
    </form>
  );
}
