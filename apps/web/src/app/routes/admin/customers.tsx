import { useLocation, useNavigate } from 'react-router';
import { CustomersTable } from '@/features/admin/components/customers/customers-table';
import { paths } from '../../paths';

/** Navigation state: the list address (with its search and page) the customer page goes back to. */
export type CustomerShowState = { from?: string };

export function AdminCustomersRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <CustomersTable
      onOpen={(customer) =>
        navigate(paths.admin.customersShow.getHref(customer.id), {
          state: { from: `${location.pathname}${location.search}` } satisfies CustomerShowState,
        })
      }
    />
  );
}
