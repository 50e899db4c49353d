import { useLocation, useSearchParams } from 'react-router';
import { CustomerDetailScreen } from '@/features/admin/components/customers/customer-detail-screen';
import { paths, safeRedirect } from '../../paths';
import type { CustomerShowState } from './customers';

function idFrom(raw: string | null): number | null {
  const id = Number(raw);
  return raw && Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function AdminCustomerShowRoute() {
  const [searchParams] = useSearchParams();
  const state = useLocation().state as CustomerShowState | null;
  const backHref = safeRedirect(state?.from) ?? paths.admin.customers.getHref();
  const id = idFrom(searchParams.get('id'));
  // A new key per customer resets the screen (its open dialog and tab) when the id changes.
  return <CustomerDetailScreen key={id ?? 'none'} id={id} backHref={backHref} />;
}
