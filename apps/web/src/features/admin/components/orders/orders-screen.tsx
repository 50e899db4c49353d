import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatNaira } from '@ruwa/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pager } from '@/components/ui/pager';
import type { AdminOrder } from '@ruwa/contract/replies';
import type { AdminOrderFilters } from '../../api/orders/admin-order';
import { useAdminOrders } from '../../api/orders/get-orders';
import { OrdersDrawer } from './orders-drawer';
import { OrdersFilters, type FilterName } from './orders-filters';
import { formatOrderDate } from './orders-format';
import { OrderStatusBadge } from './orders-status-badge';
import { ExportDownload } from '../exports/export-download';

const FILTER_NAMES: FilterName[] = ['status', 'kind', 'location_id', 'locked', 'from', 'to', 'search'];

/** The filters and page live in the address, so a reload or a shared link shows the same list. */
function readFilters(params: URLSearchParams): AdminOrderFilters {
  const raw = Number(params.get('page'));
  const filters: AdminOrderFilters = { page: Number.isSafeInteger(raw) && raw > 0 ? raw : 1 };
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return filters;
}

const columns: Column<AdminOrder>[] = [
  {
    header: 'Customer',
    cell: (order) =>
      order.customer ? (
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{order.customer.name}</p>
          <p className="truncate text-xs text-slate-600">{order.customer.email}</p>
        </div>
      ) : (
        <span className="text-slate-600">Unknown</span>
      ),
  },
  {
    header: 'Product',
    cell: (order) => (
      <div>
        <p className="text-slate-900">{order.product_name}</p>
        <p className="text-xs text-slate-600">{order.location_name}</p>
      </div>
    ),
  },
  { header: 'Quantity', cell: (order) => order.quantity, className: 'tabular-nums' },
  { header: 'Amount', cell: (order) => formatNaira(order.order_amount), className: 'tabular-nums' },
  {
    header: 'Status',
    cell: (order) => (
      <span className="flex flex-wrap gap-1">
        <OrderStatusBadge status={order.status} />
        {order.delivery_locked && (order.status === 'assigned' || order.status === 'out_for_delivery') && (
          <span className="inline-flex rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-900">
            Locked
          </span>
        )}
      </span>
    ),
  },
  {
    header: 'Agent',
    cell: (order) => order.agent?.business_name ?? <span className="text-slate-600">None</span>,
  },
  { header: 'Date', cell: (order) => formatOrderDate(order.created_at), className: 'whitespace-nowrap' },
];

/** Every customer's orders, filtered, with a drawer to follow one through its lifecycle. */
export function OrdersScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  // `?id=` opens an order's drawer at once (support cases link to their order this way).
  const [openId, setOpenId] = useState<number | null>(() => {
    const id = Number(searchParams.get('id'));
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  });
  const { data, isPending, isFetching, isPlaceholderData } = useAdminOrders(filters);

  const update = (change: (params: URLSearchParams) => void) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      change(params);
      return params;
    });

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Orders</h1>
      <OrdersFilters
        filters={filters}
        onChange={(name, value) =>
          update((params) => {
            if (value) params.set(name, value);
            else params.delete(name);
            params.delete('page');
          })
        }
        onClear={() =>
          update((params) => {
            for (const name of [...FILTER_NAMES, 'page']) params.delete(name);
          })
        }
      />
      <DataTable
        caption="Orders"
        columns={columns}
        rows={data?.data}
        rowKey={(order) => order.id}
        isLoading={isPending || (isFetching && isPlaceholderData)}
        rowNumber={(order) => order.id}
        onRowClick={(order) => setOpenId(order.id)}
      />
      <Pager
        page={data}
        onPageChange={(page) =>
          update((params) => {
            if (page <= 1) params.delete('page');
            else params.set('page', String(page));
          })
        }
        disabled={isPlaceholderData}
        label="Orders pages"
      />
      <ExportDownload names={['orders']} />
      <OrdersDrawer orderId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
