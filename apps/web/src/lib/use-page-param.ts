import { useSearchParams } from 'react-router';

/**
 * A paginated list's page lives in the address (?page=N), so reloading, going back, or returning
 * from an edit screen shows the same page. Anything but a positive whole number reads as page 1.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page'));
  const page = Number.isSafeInteger(raw) && raw > 0 ? raw : 1;
  const setPage = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next <= 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });
  return [page, setPage];
}
