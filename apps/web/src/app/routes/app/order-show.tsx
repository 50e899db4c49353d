import { useSearchParams } from 'react-router';
import { purchaseReference } from '@ruwa/contract';
import { OrderDetail } from '@/features/orders/components/order-detail';
import { ReportProblem } from '@/features/support/components/report-problem';
import { paths } from '../../paths';

/** /profile/orders?id=N: one order with its status history. */
export function OrderShowRoute() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return (
    <OrderDetail
      key={id ?? 0}
      id={id}
      backHref={paths.app.profile.getHref()}
      receiptHref={paths.app.receipt.getHref}
      extra={(order) => (
        <ReportProblem reference={purchaseReference('order', order.id)} helpHref={paths.app.help.getHref()} />
      )}
    />
  );
}
