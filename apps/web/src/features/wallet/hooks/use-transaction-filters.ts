import { isCalendarDay } from '@ruwa/contract/dates';
import { useSearchParams } from 'react-router';
import { NO_FILTERS, type TransactionFilters } from '../api/get-wallet-transactions';
import { TRANSACTION_TYPE_FILTERS } from '../utils/transactions';

const FILTER_KEYS = ['type', 'from', 'to', 'q'] as const;

const isType = (value: string): value is Exclude<TransactionFilters['type'], ''> =>
  TRANSACTION_TYPE_FILTERS.some((choice) => choice.value === value);

/**
 * The wallet history's filters live in the address (?type=&from=&to=&q=), beside its page: a reload,
 * a shared link and the back button all show the same list. Values the screen could not have written
 * (an unknown type, a day that does not exist) read as no filter.
 */
export function useTransactionFilters(): {
  filters: TransactionFilters;
  active: boolean;
  setFilters: (next: TransactionFilters) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const type = searchParams.get('type') ?? '';
  const from = searchParams.get('from') ?? '';
  const to = searchParams.get('to') ?? '';
  const filters: TransactionFilters = {
    type: isType(type) ? type : '',
    from: isCalendarDay(from) ? from : '',
    to: isCalendarDay(to) ? to : '',
    q: (searchParams.get('q') ?? '').trim(),
  };
  const active = FILTER_KEYS.some((key) => filters[key] !== NO_FILTERS[key]);
  // Each change is its own history entry, so Back undoes it; a new filter starts again at page 1.
  const setFilters = (next: TransactionFilters) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      for (const key of FILTER_KEYS) {
        const value = next[key].trim();
        if (value) params.set(key, value);
        else params.delete(key);
      }
      params.delete('page');
      return params;
    });
  return { filters, active, setFilters };
}
