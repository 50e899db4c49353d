import { useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Settings } from '@ruwa/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { SwitchField } from '@/components/ui/switch-field';
import { TextInput } from '@/components/ui/text-input';
import { applyServerErrors } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  SETTINGS_UPDATED,
  settingsFormSchema,
  useUpdateSettings,
  type SettingsFormOutput,
  type SettingsFormValues,
} from '../../api/settings/update-settings';
import { dayInputProps } from '../../utils/day-input';
import { OnDutyAdmins } from './on-duty-admins';
import { settingsChanges, settingsFormValues } from './settings-diff';

const FIELDS: FieldPath<SettingsFormValues>[] = [
  'referral.percent',
  'referral.cap',
  'raffle.min_purchase',
  'raffle.expiry',
  'raffle.expiry_days',
  'raffle.one_win_per_month',
  'raffle.prize',
  'raffle.next_draw',
  'commission.sachet_water',
  'commission.bottle_water',
  'commission.gas',
  'alerts.unaccepted_order_minutes',
  'alerts.on_duty_admin_ids',
  'withdrawals.new_account_hold_above',
  'withdrawals.approval_above',
  'withdrawals.hold_name_mismatch',
  'adjustments.credit_approval_above',
  'funding.transfer_fee_bearer',
  'support.phone',
  'support.whatsapp',
  'support.email',
];

export const NOTHING_CHANGED = 'Nothing has changed.';

function Group({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <legend className="float-left w-full text-lg font-semibold text-slate-900">{title}</legend>
      <p className="clear-left text-sm text-slate-600">{description}</p>
      {children}
    </fieldset>
  );
}

/** DESIGN section 5 and departure 9: the rules admins set for referrals, raffles, agents and alerts. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const form = useForm<SettingsFormValues, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: settingsFormValues(settings),
  });
  const { errors } = form.formState;
  const update = useUpdateSettings();
  const [status, setStatus] = useState<string | null>(null);
  const expiry = form.watch('raffle.expiry');

  const onSubmit = form.handleSubmit((values) => {
    const changes = settingsChanges(settings, values);
    if (Object.keys(changes).length === 0) {
      setStatus(NOTHING_CHANGED);
      return;
    }
    setStatus(null);
    update.mutate(changes, {
      onSuccess: ({ message, data }) => {
        notifySuccess(message || SETTINGS_UPDATED);
        form.reset(settingsFormValues(data));
      },
      onError: (error) => notifyError(applyServerErrors(error, form.setError, FIELDS)),
    });
  });

  const numberField = (name: FieldPath<SettingsFormValues>, label: string, hint: string) => {
    return (
      <TextInput
        label={label}
        hint={hint}
        variant="settings"
        inputMode="decimal"
        autoComplete="off"
        error={form.getFieldState(name, form.formState).error?.message}
        {...form.register(name)}
      />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Settings" className="max-w-2xl space-y-5">
      <Group title="Referrals" description="What a referrer earns when someone they referred buys airtime or data.">
        <div className="grid gap-5 sm:grid-cols-2">
          {numberField('referral.percent', 'Referral percent (%)', 'Share of each purchase, 0 to 100.')}
          {numberField('referral.cap', 'Referral cap (₦)', 'The most one purchase can earn.')}
        </div>
      </Group>

      <Group title="Raffle" description="Delivered airtime and data purchases earn raffle tickets.">
        {numberField('raffle.min_purchase', 'Minimum purchase (₦)', 'A purchase of at least this earns one ticket.')}
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Tickets expire"
            error={errors.raffle?.expiry?.message}
            {...form.register('raffle.expiry')}
          >
            <option value="end_of_month">At the end of the month</option>
            <option value="days">After a number of days</option>
          </SelectField>
          {expiry === 'days' && numberField('raffle.expiry_days', 'Days until expiry', 'A whole number from 1 to 365.')}
        </div>
        <SwitchField
          label="One win per customer a month"
          hint="A customer who won a draw sits out the other draws that month. Staff accounts never win."
          checked={form.watch('raffle.one_win_per_month')}
          onCheckedChange={(checked) => form.setValue('raffle.one_win_per_month', checked, { shouldDirty: true })}
        />
        {/* Customers see these with their tickets; empty reads "to be announced". */}
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
          <TextInput
            label="Prize of the next draw"
            hint="What the winner gets, e.g. ₦10,000 airtime. Customers see it with their tickets."
            variant="settings"
            autoComplete="off"
            error={errors.raffle?.prize?.message}
            {...form.register('raffle.prize')}
          />
          <TextInput
            label="Next draw date"
            hint="Empty: to be announced."
            variant="settings"
            {...dayInputProps}
            error={errors.raffle?.next_draw?.message}
            {...form.register('raffle.next_draw')}
          />
        </div>
      </Group>

      <Group
        title="Agent commission"
        description="A percentage of what the customer paid for the order, its delivery fee included, credited to the agent's wallet when they deliver it; the books show it as Agent commission expense (5100)."
      >
        <div className="grid gap-5 sm:grid-cols-3">
          {numberField('commission.sachet_water', 'Sachet water (%)', '0 to 100.')}
          {numberField('commission.bottle_water', 'Bottle water (%)', '0 to 100.')}
          {numberField('commission.gas', 'Gas (%)', '0 to 100.')}
        </div>
      </Group>

      <Group
        title="Alerts"
        description="Admins are alerted about a paid order no agent has accepted in time: every admin in the app and by push, the admins on duty also by SMS and e-mail."
      >
        {numberField(
          'alerts.unaccepted_order_minutes',
          'Unaccepted order alert (minutes)',
          'A whole number from 1 to 1440.',
        )}
        <OnDutyAdmins
          value={form.watch('alerts.on_duty_admin_ids')}
          onChange={(ids) => form.setValue('alerts.on_duty_admin_ids', ids, { shouldDirty: true })}
          error={errors.alerts?.on_duty_admin_ids?.message}
        />
      </Group>

      <Group
        title="Withdrawals to new bank accounts"
        description="For 24 hours after a customer adds a bank account, larger withdrawals to it wait before they are sent. The customer can cancel one, or you can release it after calling them."
      >
        {numberField(
          'withdrawals.new_account_hold_above',
          'Hold withdrawals above (₦)',
          'Withdrawals of more than this to a new bank account are held. 0 holds them all.',
        )}
      </Group>

      <Group
        title="Withdrawals an admin approves"
        description="These wait, with no time limit, until an admin approves them on the Withdrawals screen. Nobody approves their own."
      >
        {numberField(
          'withdrawals.approval_above',
          'Approve withdrawals above (₦)',
          'Any withdrawal of more than this waits for an admin.',
        )}
        <SwitchField
          label="Approve withdrawals to accounts in another name"
          hint="When the bank’s name for the account is not the customer’s own name."
          checked={form.watch('withdrawals.hold_name_mismatch')}
          onCheckedChange={(checked) => form.setValue('withdrawals.hold_name_mismatch', checked, { shouldDirty: true })}
        />
      </Group>

      <Group
        title="Wallet credits by support"
        description="A larger credit waits until a second admin approves it on the Withdrawals screen; the one who asked cannot."
      >
        {numberField(
          'adjustments.credit_approval_above',
          'Second admin for credits above (₦)',
          'Credits of more than this need a second admin. Debits never wait.',
        )}
      </Group>

      <Group
        title="Bank-transfer funding"
        description="Paystack charges a fee on each transfer into a customer's dedicated account (1%, at most ₦300)."
      >
        <SelectField
          label="Transfer fee paid by"
          error={errors.funding?.transfer_fee_bearer?.message}
          {...form.register('funding.transfer_fee_bearer')}
        >
          <option value="platform">Ruwa (the wallet gets the whole transfer)</option>
          <option value="customer">The customer (the fee is taken from the transfer)</option>
        </SelectField>
      </Group>

      <Group
        title="Support contacts"
        description="How customers reach you from the Help screen. Leave a field empty to hide it."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextInput
            label="Support phone number"
            hint="A Nigerian mobile number, e.g. 08031234567."
            variant="settings"
            type="tel"
            autoComplete="off"
            error={errors.support?.phone?.message}
            {...form.register('support.phone')}
          />
          <TextInput
            label="WhatsApp number"
            hint="Customers open a chat with it (wa.me)."
            variant="settings"
            type="tel"
            autoComplete="off"
            error={errors.support?.whatsapp?.message}
            {...form.register('support.whatsapp')}
          />
        </div>
        <TextInput
          label="Support e-mail"
          variant="settings"
          type="email"
          autoComplete="off"
          error={errors.support?.email?.message}
          {...form.register('support.email')}
        />
      </Group>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={update.isPending}>
          Save settings
        </Button>
        <p role="status" className="text-sm text-slate-700">
          {status}
        </p>
      </div>
    </form>
  );
}
