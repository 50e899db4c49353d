import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import type { Settings } from '@ruwa/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { dayText } from '../../utils/day-input';

export const SETTINGS_UPDATED = 'Settings have been updated successfully';

type NumberRule = { label: string; max: number; int?: boolean };

/**
 * A typed number: required (an empty field must not become 0), then the API's bounds. The messages
 * are the API's own (packages/contract settings.ts).
 */
function numberText({ label, max, int = false }: NumberRule) {
  let number = z.coerce
    .number<string>({ error: `The ${label} must be a number.` })
    .min(0, `The ${label} may not be negative.`)
    .max(max, max === 100 ? `The ${label} may not be more than 100.` : `The ${label} is too large.`);
  if (int) number = number.int(`The ${label} must be a whole number.`).min(1, `The ${label} must be at least 1.`);
  return z.string().trim().min(1, `Enter the ${label}.`).pipe(number);
}

const percent = (label: string) => numberText({ label, max: 100 });
const naira = (label: string) => numberText({ label, max: 1_000_000 });

/** The settings form: every field as typed, checked with the API's bounds. */
export const settingsFormSchema = z.object({
  referral: z.object({ percent: percent('referral percent'), cap: naira('referral cap') }),
  raffle: z
    .object({
      min_purchase: naira('minimum purchase'),
      expiry: z.enum(['end_of_month', 'days']),
      // Checked only when tickets expire after a number of days (below).
      expiry_days: z.string().trim(),
      one_win_per_month: z.boolean(),
      prize: z.string().trim().max(120, 'Describe the prize in at most 120 characters.'),
      /** Typed dd/mm/yyyy, sent YYYY-MM-DD; empty: not announced. */
      next_draw: dayText,
    })
    .transform((raffle, context) => {
      if (raffle.expiry === 'end_of_month') return { ...raffle, expiry_days: undefined };
      const days = numberText({ label: 'number of days', max: 365, int: true }).safeParse(raffle.expiry_days);
      if (!days.success) {
        context.addIssue({
          code: 'custom',
          message: days.error.issues[0]?.message ?? 'Enter a number of days.',
          path: ['expiry_days'],
        });
        return z.NEVER;
      }
      return { ...raffle, expiry_days: days.data };
    }),
  commission: z.object({
    sachet_water: percent('sachet water commission'),
    bottle_water: percent('bottle water commission'),
    gas: percent('gas commission'),
  }),
  alerts: z.object({
    unaccepted_order_minutes: numberText({ label: 'number of minutes', max: 1440, int: true }),
  }),
  funding: z.object({ transfer_fee_bearer: z.enum(['platform', 'customer']) }),
});
export type SettingsFormValues = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;

/** Any subset of the groups, each partial (POST admin/settings/update). */
export type SettingsUpdate = {
  [Group in keyof Settings]?: Partial<Settings[Group]>;
};

/** POST admin/settings/update { referral?, raffle?, commission?, alerts? } -> the settings now in force. */
export function updateSettings(update: SettingsUpdate) {
  return api.post<Settings>('admin/settings/update', update);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: updateSettings,
    onSuccess: ({ data }) => queryClient.setQueryData(queryKeys.admin.settings, data),
  });
}
