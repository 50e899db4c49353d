import { z } from 'zod';
import { timestamp } from './http';

/** A delivery address the customer keeps, to pick at checkout instead of typing it again. */
export const savedAddressReply = z.object({
  id: z.number().int(),
  label: z.string(),
  address: z.string(),
  /** Empty when none was given. */
  landmark: z.string(),
  location_id: z.number().int(),
  location_name: z.string(),
  is_default: z.boolean(),
  /** When an order last went to it; checkout preselects the most recent. */
  last_used_at: timestamp.nullable(),
  created_at: timestamp,
});
export type SavedAddress = z.infer<typeof savedAddressReply>;
