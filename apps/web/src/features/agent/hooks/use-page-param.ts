import { useSearchParams } from 'react-router';

/** A list's page in the address (?page=N), so reloading or coming back shows the same page. */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get(name));
  const page = Number.isSafeInteger(raw) && raw > 0 ? raw : 1;
  const setPage = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next <= 1) params.delete(name);
      else params.set(name, String(next));
      return params;
    });
  return [page, setPage];
}
