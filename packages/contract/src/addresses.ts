import { z } from 'zod';
import { idField } from './catalog';
import { LANDMARK_MAX } from './orders';

export const ADDRESS_LABEL_MAX = 40;
/** How many addresses one customer may keep. */
export const SAVED_ADDRESSES_MAX = 20;

const addressFields = {
  label: z
    .string({ error: 'The label field is required.' })
    .trim()
    .min(1, 'Give the address a label, e.g. Home or Office.')
    .max(ADDRESS_LABEL_MAX, `The label may not be longer than ${ADDRESS_LABEL_MAX} characters.`),
  address: z
    .string({ error: 'The address field is required.' })
    .trim()
    .min(5, 'The address must be at least 5 characters.')
    .max(300, 'The address may not be longer than 300 characters.'),
  landmark: z.string().trim().max(LANDMARK_MAX, `The landmark may not be longer than ${LANDMARK_MAX} characters.`),
  location_id: idField('location'),
  is_default: z.boolean(),
};

/** A delivery address the customer keeps, to pick at checkout instead of typing it again. */
export const addressStoreBody = z.object({
  ...addressFields,
  landmark: addressFields.landmark.default(''),
  is_default: addressFields.is_default.default(false),
});
export const addressUpdateBody = z.object(addressFields).partial().extend({ id: idField() });

export type { SavedAddress } from './replies/addresses';
