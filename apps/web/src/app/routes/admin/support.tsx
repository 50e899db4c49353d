import { useNavigate, useSearchParams } from 'react-router';
import { SupportScreen } from '@/features/admin/components/support/support-screen';
import { paths } from '../../paths';

function idFrom(raw: string | null): number | null {
  const id = Number(raw);
  return raw && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /admin/support, and /admin/support?id=N for one case. */
export function AdminSupportRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <SupportScreen
      openId={idFrom(searchParams.get('id'))}
      onOpen={(id) => navigate(paths.admin.support.getHref(id))}
      listHref={paths.admin.support.getHref()}
      customerHref={(id) => paths.admin.customersShow.getHref(id)}
      orderHref={(id) => paths.admin.orders.getHref(id)}
    />
  );
}
