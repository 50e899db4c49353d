import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const SEARCH_DEBOUNCE_MS = 400;

function positivePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/**
 * An admin list's search and page live in the address (?search=ada&page=2), so coming back
 * from a customer shows the same list. The box updates at once; the address (and so the request)
 * follows once typing has paused, and a new search starts again at page 1.
 */
export function useListSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';
  const page = positivePage(searchParams.get('page'));
  const [text, setText] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The address changed from elsewhere (the sidebar link, back/forward): the box follows it.
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== seenSearch) {
    setSeenSearch(search);
    if (search !== text.trim()) setText(search);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function changeText(next: string) {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSearchParams(
        (current) => {
          const wanted = next.trim();
          if ((current.get('search') ?? '') === wanted) return current;
          const params = new URLSearchParams(current);
          if (wanted) params.set('search', wanted);
          else params.delete('search');
          params.delete('page');
          return params;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
  }

  /**
   * Drops a search still waiting for typing to pause: a row was opened. React keeps showing this
   * screen while the next one loads, and the waiting search would otherwise navigate back here.
   */
  function cancelPendingSearch() {
    clearTimeout(timer.current);
  }

  function setPage(next: number) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next <= 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });
  }

  return { text, changeText, cancelPendingSearch, search, page, setPage };
}
