import type { Settings } from '@ruwa/contract';
import { toLocalPhone } from '@ruwa/contract/phone';
import { formatInputDay } from '../../utils/day-input';
import type { SettingsFormOutput, SettingsUpdate } from '../../api/settings/update-settings';

/**
 * Only the values the admin changed are sent, so saving one group never overwrites a change another
 * admin made to a different one in the meantime.
 */
export function settingsChanges(saved: Settings, form: SettingsFormOutput): SettingsUpdate {
  const update: Record<string, Record<string, unknown>> = {};
  for (const [group, values] of Object.entries(form) as [keyof Settings, Record<string, unknown>][]) {
    const current = saved[group] as Record<string, unknown>;
    for (const [field, value] of Object.entries(values)) {
      if (value === undefined || sameValue(value, current[field])) continue;
      (update[group] ??= {})[field] = value;
    }
  }
  return update as SettingsUpdate;
}

/** Lists (the admins on duty) are the same whatever their order. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return [...a].sort().join(',') === [...b].sort().join(',');
  return a === b;
}

/** The form's text values for the saved settings. */
export function settingsFormValues(settings: Settings) {
  return {
    referral: { percent: String(settings.referral.percent), cap: String(settings.referral.cap) },
    raffle: {
      min_purchase: String(settings.raffle.min_purchase),
      expiry: settings.raffle.expiry,
      expiry_days: String(settings.raffle.expiry_days),
      one_win_per_month: settings.raffle.one_win_per_month,
      prize: settings.raffle.prize,
      next_draw: formatInputDay(settings.raffle.next_draw),
    },
    commission: {
      sachet_water: String(settings.commission.sachet_water),
      bottle_water: String(settings.commission.bottle_water),
      gas: String(settings.commission.gas),
    },
    alerts: {
      unaccepted_order_minutes: String(settings.alerts.unaccepted_order_minutes),
      on_duty_admin_ids: [...settings.alerts.on_duty_admin_ids],
    },
    withdrawals: {
      new_account_hold_above: String(settings.withdrawals.new_account_hold_above),
      approval_above: String(settings.withdrawals.approval_above),
      hold_name_mismatch: settings.withdrawals.hold_name_mismatch,
    },
    adjustments: { credit_approval_above: String(settings.adjustments.credit_approval_above) },
    funding: { transfer_fee_bearer: settings.funding.transfer_fee_bearer },
    // Shown as customers dial them (080…); saved as +234….
    support: {
      phone: settings.support.phone ? toLocalPhone(settings.support.phone) : '',
      whatsapp: settings.support.whatsapp ? toLocalPhone(settings.support.whatsapp) : '',
      email: settings.support.email,
    },
  };
}
