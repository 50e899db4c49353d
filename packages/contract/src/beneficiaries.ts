import { z } from 'zod';
import { idField } from './catalog';
import { networkField, vtuPhone } from './vtu';

export const BENEFICIARY_NAME_MAX = 40;
/** How many named numbers one customer may keep. */
export const BENEFICIARIES_MAX = 20;

/**
 * A number the customer tops up often, kept with a name ("Mum MTN") so the airtime and data forms
 * can be filled from it. The phone is stored in the app's one form (+234...), however it was typed.
 */
export const beneficiaryStoreBody = z.object({
  name: z
    .string({ error: 'Give the number a name, e.g. Mum MTN.' })
    .trim()
    .min(1, 'Give the number a name, e.g. Mum MTN.')
    .max(BENEFICIARY_NAME_MAX, `The name may not be longer than ${BENEFICIARY_NAME_MAX} characters.`),
  phone: vtuPhone,
  network_id: networkField,
});
export const beneficiaryRemoveBody = z.object({ id: idField() });

export type { Beneficiary } from './replies/beneficiaries';
