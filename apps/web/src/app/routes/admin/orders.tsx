import { OrdersScreen } from '@/features/admin/components/orders/orders-screen';

export function AdminOrdersRoute() {
  return <OrdersScreen />;
}
