import { adminOrderFilterFields } from '@ruwa/contract';
import { z } from 'zod';

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
