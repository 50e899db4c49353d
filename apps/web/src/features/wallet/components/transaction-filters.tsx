import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { PERIOD_OUT_OF_ORDER } from '@ruwa/contract/dates';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextInput } from '@/components/ui/text-input';
import { NO_FILTERS, type TransactionFilters } from '../api/get-wallet-transactions';
import { HISTORY_TEXTS as T } from '../utils/history-texts';
import { TRANSACTION_TYPE_FILTERS } from '../utils/transactions';

type TransactionFiltersBarProps = {
  filters: TransactionFilters;
  active: boolean;
  onChange: (next: TransactionFilters) => void;
};

/**
 * Type, period and text over the wallet history. The type and the dates apply as they are picked; the
 * text when searched. Rendered with a key of the applied filters, so Back (which changes them in the
 * address) shows the fields as they were.
 */
export function TransactionFiltersBar({ filters, active, onChange }: TransactionFiltersBarProps) {
  const [draft, setDraft] = useState(filters);
  const outOfOrder = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  const apply = (next: TransactionFilters) => {
    setDraft(next);
    if (!(next.from && next.to && next.from > next.to)) onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  return (
    <form role="search" aria-label={T.filtersLabel} onSubmit={submit} className="space-y-3">
      <SelectField
        label={T.typeLabel}
        value={draft.type}
        onChange={(event) => apply({ ...draft, type: event.target.value as TransactionFilters['type'] })}
      >
        <option value="">{T.allTypes}</option>
        {TRANSACTION_TYPE_FILTERS.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-3">
        <TextInput
          variant="settings"
          type="date"
          label={T.fromLabel}
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => apply({ ...draft, from: event.target.value })}
        />
        <TextInput
          variant="settings"
          type="date"
          label={T.toLabel}
          value={draft.to}
          min={draft.from || undefined}
          error={outOfOrder ? PERIOD_OUT_OF_ORDER : undefined}
          onChange={(event) => apply({ ...draft, to: event.target.value })}
        />
      </div>
      <div className="flex items-end gap-2">
        <TextInput
          variant="settings"
          type="search"
          label={T.searchLabel}
          placeholder={T.searchHint}
          containerClassName="min-w-0 flex-1"
          value={draft.q}
          maxLength={100}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
        <Button type="submit" className="shrink-0" aria-label={T.searchButton}>
          <Search className="size-5" aria-hidden="true" />
        </Button>
      </div>
      {active && (
        <Button type="button" variant="outline" size="sm" onClick={() => apply(NO_FILTERS)}>
          {T.clearFilters}
        </Button>
      )}
    </form>
  );
}
