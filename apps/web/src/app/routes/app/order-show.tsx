import { useSearchParams } from 'react-router';
import { OrderDetail } from '@/features/orders/components/order-detail';
import { paths } from '../../paths';

/** /profile/orders?id=N: one order with its status history. */
export function OrderShowRoute() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return (
    <OrderDetail key={id ?? 0} id={id} backHref={paths.app.profile.getHref()} receiptHref={paths.app.receipt.getHref} />
  );
}
