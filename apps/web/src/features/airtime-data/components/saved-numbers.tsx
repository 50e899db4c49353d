import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BENEFICIARY_NAME_MAX, NETWORK_LABELS, toLocalPhone, type Beneficiary, type Network } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRemoveBeneficiary } from '../api/remove-beneficiary';
import { saveBeneficiarySchema, useSaveBeneficiary, type SaveBeneficiaryInput } from '../api/save-beneficiary';

export const SAVED_NUMBERS_TEXTS = {
  heading: 'Saved numbers',
  use: 'Use:',
  loadFailed: 'Your saved numbers could not be loaded.',
  retry: 'Try again',
  nameLabel: 'Name for this number',
  nameHint: 'For example Mum MTN.',
  save: 'Save name',
  cancel: 'Cancel',
  saved: 'The number has been saved',
  removed: 'The number has been removed',
  removeTitle: 'Remove this saved number?',
  removeConfirm: 'Remove',
  keep: 'Keep it',
} as const;

const nameButtonLabel = (phone: string) => `Name ${phone}`;
const removeDescription = (saved: Beneficiary) =>
  `${saved.name} (${toLocalPhone(saved.phone)}, ${NETWORK_LABELS[saved.network_id]}) will no longer be listed. Past purchases are not changed.`;

type NameValues = SaveBeneficiaryInput;

/** Gives a recent number a name ("Mum MTN"), so it is listed under Saved numbers. */
export function NameNumber({ phone, network }: { phone: string; network: Network }) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const save = useSaveBeneficiary();
  const form = useForm<NameValues, unknown, SaveBeneficiaryInput>({
    resolver: zodResolver(saveBeneficiarySchema),
    defaultValues: { name: '', phone, network_id: network },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      const { message } = await save.mutateAsync(input);
      notifySuccess(message || SAVED_NUMBERS_TEXTS.saved);
      form.reset();
      setOpen(false);
    } catch (error) {
      notifyError(applyServerErrors(error, form.setError, ['name', 'phone', 'network_id']));
    }
  });

  if (!open) {
    return (
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        <span aria-hidden="true">Name</span>
        <span className="sr-only">{nameButtonLabel(phone)}</span>
      </Button>
    );
  }
  const error = form.formState.errors.name?.message ?? form.formState.errors.phone?.message;
  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      aria-label={nameButtonLabel(phone)}
      className="mt-2 flex w-full flex-col gap-2"
    >
      <TextInput
        label={SAVED_NUMBERS_TEXTS.nameLabel}
        hint={SAVED_NUMBERS_TEXTS.nameHint}
        maxLength={BENEFICIARY_NAME_MAX}
        autoComplete="off"
        autoFocus
        error={error}
        {...form.register('name')}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={save.isPending}>
          {SAVED_NUMBERS_TEXTS.save}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
          {SAVED_NUMBERS_TEXTS.cancel}
        </Button>
      </div>
    </form>
  );
}

type SavedNumbersProps = {
  saved: Beneficiary[] | undefined;
  isError: boolean;
  onRetry: () => void;
  /** Fills the form with this number and its network. */
  onPick: (saved: Beneficiary) => void;
};

/** The customer's named numbers: a tap fills the form; each can be removed, after asking. */
export function SavedNumbers({ saved, isError, onRetry, onPick }: SavedNumbersProps) {
  const headingId = useId();
  const [removing, setRemoving] = useState<Beneficiary | null>(null);
  const remove = useRemoveBeneficiary();

  if (isError && !saved) {
    return (
      <div
        role="alert"
        className="flex items-center justify-between gap-3 rounded-xl bg-red-50 p-3 text-sm text-red-800"
      >
        {SAVED_NUMBERS_TEXTS.loadFailed}
        <Button size="sm" variant="outline" onClick={onRetry}>
          {SAVED_NUMBERS_TEXTS.retry}
        </Button>
      </div>
    );
  }
  if (!saved || saved.length === 0) return null;

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const { message } = await remove.mutateAsync(removing.id);
      notifySuccess(message || SAVED_NUMBERS_TEXTS.removed);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        {SAVED_NUMBERS_TEXTS.heading}
      </h3>
      <ul className="space-y-2">
        {saved.map((entry) => (
          <li
            key={entry.id}
            className="flex items-center justify-between gap-2 rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200"
          >
            <button
              type="button"
              onClick={() => onPick(entry)}
              className="min-w-0 flex-1 cursor-pointer text-left focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="sr-only">{SAVED_NUMBERS_TEXTS.use}</span>{' '}
              <span className="block truncate text-sm font-semibold text-slate-900">{entry.name}</span>{' '}
              <span className="block text-xs text-slate-600">
                {toLocalPhone(entry.phone)} · {NETWORK_LABELS[entry.network_id]}
              </span>
            </button>
            <ConfirmDialog
              trigger={
                <Button type="button" size="sm" variant="outline" onClick={() => setRemoving(entry)}>
                  <span aria-hidden="true">{SAVED_NUMBERS_TEXTS.removeConfirm}</span>
                  <span className="sr-only">{`Remove ${entry.name}`}</span>
                </Button>
              }
              open={removing?.id === entry.id}
              onOpenChange={(open) => {
                if (!open) setRemoving(null);
              }}
              title={SAVED_NUMBERS_TEXTS.removeTitle}
              description={removing?.id === entry.id ? removeDescription(entry) : null}
              confirmLabel={SAVED_NUMBERS_TEXTS.removeConfirm}
              cancelLabel={SAVED_NUMBERS_TEXTS.keep}
              loading={remove.isPending}
              onConfirm={() => void confirmRemove()}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
