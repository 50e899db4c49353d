import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Page } from '@ruwa/contract';
import { Button } from './button';

type PagerProps = {
  page: Pick<Page<unknown>, 'current_page' | 'last_page' | 'total' | 'prev_page_url' | 'next_page_url'> | undefined;
  onPageChange: (page: number) => void;
  /** Disables both arrows while the next page loads. */
  disabled?: boolean;
  label?: string;
};

/**
 * Previous/next paging for the Laravel-shaped pages the API returns. An arrow works only when the
 * matching page URL is present, and goes to current - 1 / current + 1 (DESIGN departure 7).
 */
export function Pager({ page, onPageChange, disabled = false, label = 'Pagination' }: PagerProps) {
  // An empty list has nothing to page through: 'Page 1 of 1' beside 'no data' only adds noise.
  if (!page || page.total === 0) return null;
  const { current_page: current, last_page: last } = page;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4 py-3">
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || !page.prev_page_url}
        onClick={() => onPageChange(current - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Page {current} of {Math.max(last, 1)}
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || !page.next_page_url}
        onClick={() => onPageChange(current + 1)}
      >
        Next
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
