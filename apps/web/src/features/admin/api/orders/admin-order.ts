import type { Order, User } from '@ruwa/contract';

/** An order as the admin list answers it: with who bought it. */
export type AdminOrder = Order & {
  customer: { id: number; name: string; email: string; phone_number: string } | null;
};

/** One order as admin/orders/show answers it: with its history and the customer's account. */
export type AdminOrderDetail = Order & { customer: User | null };

export type AdminOrderFilters = {
  page: number;
  status?: string;
  kind?: string;
  location_id?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  /** Customer e-mail, phone or name. */
  search?: string;
};
