import { useQueryClient } from '@tanstack/react-query';
import { useSaveMutation } from '../use-save-mutation';
import { settingsFields, type Settings } from '@ruwa/contract';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { dayText } from '../../utils/day-input';

export const SETTINGS_UPDATED = 'Settings have been updated successfully';

/**
 * The settings form: every field as typed, checked with the API's own rules (the contract's
 * `settingsFields`); the number of days only when tickets expire after a number of days, and the draw
 * day typed dd/mm/yyyy and sent YYYY-MM-DD.
 */
const formSchema = z.object({
  referral: z.object(settingsFields.referral),
  raffle: z
    .object({
      ...settingsFields.raffle,
      // Checked only when tickets expire after a number of days (below).
      expiry_days: z.string().trim(),
      next_draw: dayText,
    })
    .transform((raffle, context) => {
      if (raffle.expiry === 'end_of_month') return { ...raffle, expiry_days: undefined };
      const days = settingsFields.raffle.expiry_days.safeParse(raffle.expiry_days);
      if (!days.success) {
        context.addIssue({
          code: 'custom',
          message: days.error.issues[0]?.message ?? 'Enter the number of days.',
          path: ['expiry_days'],
        });
        return z.NEVER;
      }
      return { ...raffle, expiry_days: days.data };
    }),
  commission: z.object(settingsFields.commission),
  alerts: z.object(settingsFields.alerts),
  withdrawals: z.object(settingsFields.withdrawals),
  adjustments: z.object(settingsFields.adjustments),
  funding: z.object(settingsFields.funding),
  support: z.object(settingsFields.support),
});

/** What each field holds as typed: numbers as text. */
export type SettingsFormValues = {
  referral: { percent: string; cap: string };
  raffle: {
    min_purchase: string;
    expiry: 'end_of_month' | 'days';
    expiry_days: string;
    one_win_per_month: boolean;
    prize: string;
    next_draw: string;
  };
  commission: { sachet_water: string; bottle_water: string; gas: string };
  alerts: { unaccepted_order_minutes: string; on_duty_admin_ids: number[] };
  withdrawals: { new_account_hold_above: string; approval_above: string; hold_name_mismatch: boolean };
  adjustments: { credit_approval_above: string };
  funding: { transfer_fee_bearer: 'platform' | 'customer' };
  support: { phone: string; whatsapp: string; email: string };
};
export type SettingsFormOutput = z.output<typeof formSchema>;
// The contract's numbers read text as typed (numeric); its input type says `unknown`.
export const settingsFormSchema = formSchema as unknown as z.ZodType<SettingsFormOutput, SettingsFormValues>;

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
