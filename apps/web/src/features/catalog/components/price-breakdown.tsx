import { formatNaira } from '@ruwa/contract/money';

type PriceBreakdownProps = {
  items: number;
  deliveryFee: number;
  /** Items + delivery fee (naira). */
  perDelivery: number;
  total: number;
  /** Subscriptions: how many deliveries the total pays for. */
  deliveries?: number;
};

/** Items, delivery fee and total, as the server will charge them. */
export function PriceBreakdown({ items, deliveryFee, perDelivery, total, deliveries }: PriceBreakdownProps) {
  const rows: [string, string][] = [
    ['Items', formatNaira(items)],
    ['Delivery fee', deliveryFee > 0 ? formatNaira(deliveryFee) : 'Free'],
  ];
  if (deliveries !== undefined) {
    rows.push([
      'Per delivery',
      `${formatNaira(perDelivery)} x ${deliveries} ${deliveries === 1 ? 'delivery' : 'deliveries'}`,
    ]);
  }
  rows.push(['Total', formatNaira(total)]);
  return (
    <dl aria-label="Price breakdown" aria-live="polite" className="space-y-1 rounded-lg bg-brand-50 px-3 py-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className={label === 'Total' ? 'font-semibold text-brand-900' : 'text-slate-700'}>{label}</dt>
          <dd className={label === 'Total' ? 'font-semibold text-brand-900' : 'text-slate-900'}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
