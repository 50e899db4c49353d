import { ORDER_STATUS_LABELS, type OrderStatus } from '@ruwa/contract';

// Every word a receipt or a statement prints, kept together so they can move into the translation
// catalogs with the rest of the customer's texts.

export const BUSINESS_NAME = 'Ruwa';

export const TITLES = {
  water_order: 'Water order',
  gas_order: 'Gas order',
  subscription: 'Subscription',
  airtime: 'Airtime',
  data: 'Data',
  electricity: 'Electricity',
  deposit: 'Card deposit',
  transfer_in: 'Bank transfer in',
  withdrawal: 'Withdrawal',
  refund: 'Refund',
  wallet_payment: 'Wallet payment',
  reversal: 'Money returned',
  reward: 'Referral reward',
  commission: 'Commission',
  savings: 'Savings move',
  adjustment: 'Wallet adjustment',
  card_refund: 'Refund sent to your card',
} as const;

export const LABELS = {
  reference: 'Reference',
  dateTime: 'Date and time',
  product: 'Product',
  quantity: 'Quantity',
  cylinder: 'Cylinder',
  deliverTo: 'Deliver to',
  landmark: 'Landmark',
  recipientPhone: 'Recipient phone',
  delivery: 'Delivery',
  deliveries: 'Deliveries',
  period: 'Period',
  items: 'Items',
  deliveryFee: 'Delivery fee',
  refunded: 'Refunded',
  network: 'Network',
  phone: 'Phone number',
  plan: 'Plan',
  biller: 'Electricity company',
  meter: 'Meter number',
  meterType: 'Meter type',
  customerName: 'Meter name',
  address: 'Address',
  token: 'Token',
  units: 'Units',
  paidWith: 'Paid with',
  paymentReference: 'Payment reference',
  purchase: 'Purchase',
  description: 'Description',
  destination: 'Sent to',
  reason: 'Reason',
  direction: 'Money',
} as const;

export const PAYMENT_METHOD_TEXT = { card: 'Card', wallet: 'Wallet', subscription: 'Subscription' } as const;
export const DIRECTION_TEXT = { credit: 'Into your wallet', debit: 'Out of your wallet' } as const;
export const CYLINDER_TEXT = { refill: 'refill', new: 'new cylinder' } as const;

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = ORDER_STATUS_LABELS;
export const SUBSCRIPTION_STATUS_TEXT = { active: 'Active', cancelled: 'Cancelled', completed: 'Completed' } as const;
export const VTU_STATUS_TEXT = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  refunded: 'Refunded to your wallet',
} as const;
export const REFUNDED_TO_CARD = 'Refunded to your card';
export const METER_TYPE_TEXT = { prepaid: 'Prepaid', postpaid: 'Postpaid' } as const;
export const MOVEMENT_STATUS_TEXT: Record<string, string> = {
  success: 'Successful',
  pending: 'Pending',
  failed: 'Failed',
  reversed: 'Reversed: the money is back in your wallet',
  held: 'Held before sending',
  cancelled: 'Cancelled: the money is back in your wallet',
};

export const deliveriesText = (delivered: number, total: number, everyDays: number) =>
  `${delivered} of ${total} delivered, every ${everyDays === 1 ? 'day' : `${everyDays} days`}`;

export const RECEIPT_FOOTER = (reference: string) =>
  `Quote ${reference} to Ruwa support about this. This receipt was made by Ruwa from its own records.`;

export const STATEMENT_TEXTS = {
  title: 'Wallet statement',
  period: (from: string, to: string) => `Wallet statement, ${from} to ${to} (Lagos time)`,
  opening: 'Opening balance',
  closing: 'Closing balance',
  moneyIn: 'Money in',
  moneyOut: 'Money out',
  empty: 'No wallet movements in this period.',
  footer: (at: string) =>
    `Made by Ruwa on ${at} from its ledger. Amounts in naira; the balance runs from the opening balance.`,
  headings: {
    date: 'Date',
    reference: 'Transaction ID',
    description: 'Description',
    moneyIn: 'In (₦)',
    moneyOut: 'Out (₦)',
    balance: 'Balance (₦)',
  },
  csvHeader: [
    'date_lagos',
    'time_lagos',
    'transaction_id',
    'type',
    'description',
    'status',
    'money_in_naira',
    'money_out_naira',
    'balance_naira',
  ],
} as const;
