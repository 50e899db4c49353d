import {
  formatNaira,
  NETWORK_LABELS,
  ORDER_STATUS_LABELS,
  toLocalPhone,
  type Order,
  type Subscription,
  type VtuPurchase,
  type WalletTransaction,
} from '@ruwa/contract';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { CustomerDetail, RaffleTicket, ReferralReward } from '@ruwa/contract/replies';
import { formatDate, formatDateTime } from '../../utils/format-date';

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1).replaceAll('_', ' ') : text);

const ledgerColumns: Column<WalletTransaction>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.created_at), className: 'whitespace-nowrap' },
  { header: 'Type', cell: (row) => capitalise(row.type) },
  { header: 'Description', cell: (row) => row.description },
  {
    header: 'Amount',
    cell: (row) => (
      <span className={row.direction === 'credit' ? 'text-emerald-800' : 'text-red-800'}>
        {row.direction === 'credit' ? '+' : '−'}
        {formatNaira(row.amount)}
      </span>
    ),
    className: 'whitespace-nowrap tabular-nums',
  },
  { header: 'Balance after', cell: (row) => formatNaira(row.balance_after), className: 'tabular-nums' },
  { header: 'Status', cell: (row) => capitalise(row.status) },
];

const orderColumns: Column<Order>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.created_at), className: 'whitespace-nowrap' },
  { header: 'Product', cell: (row) => row.product_name, className: 'font-medium text-slate-900' },
  { header: 'Quantity', cell: (row) => row.quantity, className: 'tabular-nums' },
  { header: 'Amount', cell: (row) => formatNaira(row.order_amount), className: 'tabular-nums' },
  { header: 'Payment', cell: (row) => capitalise(row.payment_method) },
  { header: 'Status', cell: (row) => ORDER_STATUS_LABELS[row.status] ?? row.status },
];

const subscriptionColumns: Column<Subscription>[] = [
  { header: 'Starts', cell: (row) => formatDate(row.starts_on), className: 'whitespace-nowrap' },
  { header: 'Product', cell: (row) => row.product_name, className: 'font-medium text-slate-900' },
  { header: 'Every', cell: (row) => `${row.delivery_interval_days} days` },
  { header: 'Deliveries', cell: (row) => `${row.deliveries_made} of ${row.deliveries}`, className: 'tabular-nums' },
  { header: 'Amount', cell: (row) => formatNaira(row.order_amount), className: 'tabular-nums' },
  { header: 'Status', cell: (row) => capitalise(row.status) },
];

const vtuColumns: Column<VtuPurchase>[] = [
  { header: 'When', cell: (row) => formatDateTime(row.created_at), className: 'whitespace-nowrap' },
  { header: 'Kind', cell: (row) => capitalise(row.kind) },
  { header: 'Network', cell: (row) => NETWORK_LABELS[row.network] ?? row.network },
  { header: 'Phone', cell: (row) => toLocalPhone(row.phone), className: 'tabular-nums' },
  { header: 'Bundle', cell: (row) => row.bundle ?? '—' },
  { header: 'Amount', cell: (row) => formatNaira(row.amount), className: 'tabular-nums' },
  { header: 'Status', cell: (row) => capitalise(row.status) },
];

const referralColumns: Column<ReferralReward>[] = [
  { header: 'When', cell: (row) => formatDate(row.created_at), className: 'whitespace-nowrap' },
  { header: 'Title', cell: (row) => row.title, className: 'font-medium text-slate-900' },
  { header: 'Description', cell: (row) => row.description },
  { header: 'Amount', cell: (row) => formatNaira(row.amount), className: 'tabular-nums' },
];

const ticketColumns: Column<RaffleTicket>[] = [
  { header: 'Slug', cell: (row) => row.slug, className: 'font-mono' },
  { header: 'Expires', cell: (row) => formatDate(row.expiration_date), className: 'whitespace-nowrap' },
  { header: 'Status', cell: (row) => capitalise(row.status) },
];

function ActivityTable<Row extends { id: number }>({
  caption,
  list,
  columns,
}: {
  caption: string;
  list: { rows: Row[]; total: number };
  columns: Column<Row>[];
}) {
  return (
    <div className="space-y-2">
      <DataTable caption={caption} columns={columns} rows={list.rows} rowKey={(row) => row.id} />
      {list.total > list.rows.length && (
        <p className="text-sm text-slate-600">
          Showing the latest {list.rows.length} of {list.total}.
        </p>
      )}
    </div>
  );
}

const tabs = [
  { value: 'wallet', label: 'Wallet' },
  { value: 'orders', label: 'Orders' },
  { value: 'subscriptions', label: 'Subscriptions' },
  { value: 'vtu', label: 'Airtime & data' },
  { value: 'referrals', label: 'Referrals' },
  { value: 'tickets', label: 'Tickets' },
] as const;

/** The customer's ledger, orders, subscriptions, airtime/data, referral rewards and raffle tickets. */
export function CustomerActivityTabs({ detail }: { detail: CustomerDetail }) {
  return (
    <Tabs defaultValue="wallet">
      <TabsList aria-label="Customer activity" scroll>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value} className="shrink-0 grow px-3">
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="wallet">
        <ActivityTable caption="Wallet ledger" list={detail.ledger} columns={ledgerColumns} />
      </TabsContent>
      <TabsContent value="orders">
        <ActivityTable caption="Orders" list={detail.orders} columns={orderColumns} />
      </TabsContent>
      <TabsContent value="subscriptions">
        <ActivityTable caption="Subscriptions" list={detail.subscriptions} columns={subscriptionColumns} />
      </TabsContent>
      <TabsContent value="vtu">
        <ActivityTable caption="Airtime and data purchases" list={detail.vtu} columns={vtuColumns} />
      </TabsContent>
      <TabsContent value="referrals">
        <ActivityTable caption="Referral rewards" list={detail.referrals} columns={referralColumns} />
      </TabsContent>
      <TabsContent value="tickets">
        <ActivityTable caption="Raffle tickets" list={detail.tickets} columns={ticketColumns} />
      </TabsContent>
    </Tabs>
  );
}
