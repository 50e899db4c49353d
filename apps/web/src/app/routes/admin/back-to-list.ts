import { useLocation, useNavigate } from 'react-router';

/**
 * After a save, back to the list: one step back when the form was opened from it (so its page is
 * kept), otherwise to the list itself, replacing the form in the history.
 */
export function useBackToList(listHref: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as { fromList?: unknown } | null)?.fromList === true;
  return () => void (fromList ? navigate(-1) : navigate(listHref, { replace: true }));
}

/** The ?id= of an edit screen's address. */
export function idParam(searchParams: URLSearchParams): number | null {
  const raw = searchParams.get('id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
