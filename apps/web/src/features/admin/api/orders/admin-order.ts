import { adminOrderFilterFields } from '@ruwa/contract';
import { z } from 'zod';
import { dayText } from '../../utils/day-input';

export type AdminOrderFilters = {
  page: number;
  status?: string;
  kind?: string;
  location_id?: string;
  /** YYYY-MM-DD, inclusive (typed as dd/mm/yyyy). */
  from?: string;
  to?: string;
  /** Customer e-mail, phone or name. */
  search?: string;
  /** 'true': only deliveries locked by too many wrong codes. */
  locked?: string;
};

const orderFilters = z.object(adminOrderFilterFields);

/**
 * The filter form: every field as typed (empty = no filter), checked with the API's own rules; the
 * days are typed dd/mm/yyyy and sent as YYYY-MM-DD.
 */
export const orderFilterFormSchema = z
  .object({
    status: z.string(),
    kind: z.string(),
    location_id: z.string(),
    from: dayText,
    to: dayText,
    search: z.string(),
    locked: z.string(),
  })
  .transform((values): z.input<typeof orderFilters> => values)
  .pipe(orderFilters);
export type OrderFilterFormValues = z.input<typeof orderFilterFormSchema>;
export type OrderFilterFormOutput = z.output<typeof orderFilterFormSchema>;
