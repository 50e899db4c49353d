import { z } from 'zod';
import { NETWORKS } from '../vtu';
import { timestamp } from './http';

/** A saved, named number for airtime and data. */
export const beneficiaryReply = z.object({
  id: z.number().int(),
  name: z.string(),
  /** +234..., the app's one phone form. */
  phone: z.string(),
  network_id: z.enum(NETWORKS),
  created_at: timestamp,
});
export type Beneficiary = z.infer<typeof beneficiaryReply>;
