import { adminOrderFilterFields } from '@ruwa/contract';
import { z } from 'zod';
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

const orderFilters = z.object(adminOrderFilterFields);

/** The filter form: every field as typed (empty = no filter), checked with the API's own rules. */
export const orderFilterFormSchema = z
  .object({
    status: z.string(),
    kind: z.string(),
    location_id: z.string(),
    from: z.string(),
    to: z.string(),
    search: z.string(),
  })
  .transform((values): z.input<typeof orderFilters> => values)
  .pipe(orderFilters);
export type OrderFilterFormValues = z.input<typeof orderFilterFormSchema>;
export type OrderFilterFormOutput = z.output<typeof orderFilterFormSchema>;
