import { z } from 'zod';
import { idField } from './catalog';
import { emailField, optionalPhoneField } from './auth';
import { emptyToUndefined } from './numbers';
import { base64Image } from './users';

/** The locations an agent delivers in: at least one, at most ten. */
const locationIdsField = z
  .array(idField('location'), { error: 'Choose the areas you deliver in.' })
  .min(1, 'Choose at least one area you deliver in.')
  .max(10, 'Choose at most 10 areas.');

const businessNameField = z
  .string({ error: 'The business name field is required.' })
  .trim()
  .min(1, 'The business name field is required.')
  .max(100, 'The business name may be at most 100 characters.');

export const agentApplyBody = z.object({
  agent_name: businessNameField,
  agent_email: emailField,
  agent_phone: optionalPhoneField,
  location_id: z.preprocess(emptyToUndefined, idField('location').optional()),
  location_ids: locationIdsField.optional(),
});

export const agentUpdateBody = z.object({
  business_name: businessNameField.optional(),
  business_email: emailField.optional(),
  business_phone: optionalPhoneField,
  /** One location, from apps that predate serving several; `location_ids` wins when both are sent. */
  location_id: idField('location').optional(),
  location_ids: locationIdsField.optional(),
  cac_number: z
    .string()
    .trim()
    .max(20)
    .regex(/^((RC|BN|IT)\s?)?\d{4,10}$/i, 'Enter a CAC registration number like RC123456 or BN1234567.')
    .optional()
    .or(z.literal('')),
  sells_sachet_water: z.boolean().optional(),
  sells_bottle_water: z.boolean().optional(),
  sells_gas: z.boolean().optional(),
  /** New orders in the agent's area also come by SMS (on unless turned off). */
  sms_alerts: z.boolean().optional(),
  base64_photos: z.array(base64Image).max(1).optional(),
});

/**
 * POST admin/agents/update-areas: an admin sets where an agent delivers and what they sell, all at
 * once (the agent can change them again in their own settings).
 */
export const adminAgentAreasBody = z.object({
  id: idField(),
  location_ids: z
    .array(idField('location'), { error: 'Choose the areas this agent delivers in.' })
    .min(1, 'Choose at least one area this agent delivers in.')
    .max(10, 'Choose at most 10 areas.'),
  sells_sachet_water: z.boolean({ error: 'Say whether this agent sells sachet water.' }),
  sells_bottle_water: z.boolean({ error: 'Say whether this agent sells bottle water.' }),
  sells_gas: z.boolean({ error: 'Say whether this agent sells gas.' }),
});

export const AGENT_DECISIONS = ['approved', 'rejected', 'suspended'] as const;
export const agentDecisionBody = z.object({
  id: idField(),
  status: z.enum(AGENT_DECISIONS, { error: 'Choose approved, rejected or suspended.' }),
  note: z.string().trim().max(500, 'The note may be at most 500 characters.').optional(),
});

export type { AdminAgentDetail, Agent } from './replies/agents';
