import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SwitchField } from '@/components/ui/switch-field';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences';

/** Every text of the setting, kept together for the message catalogs. */
export const RECEIPT_MAILS_TEXTS = {
  heading: 'E-mail receipts',
  label: 'E-mail me a receipt for every payment',
  on: 'On: a receipt for each purchase and card deposit you make',
  off: 'Off: no receipts for your own purchases and deposits',
  optionalTitle: 'Can be turned off:',
  optional: 'receipts for orders, subscriptions, airtime, data and card deposits you have just made in the app.',
  alwaysTitle: 'Always e-mailed:',
  always:
    'withdrawals (asked for, paid or failed), refunds and bank transfers into your wallet: money leaving or arriving without you on the screen.',
  unverified: 'Receipts go to a verified address only. Verify your e-mail above to get them.',
  loading: 'Loading your e-mail settings',
  error: 'Your e-mail settings could not be loaded.',
  retry: 'Try again',
} as const;

/** The customer's choice of receipt e-mails, saved as soon as the switch moves. */
export function ReceiptMailsSetting({ emailVerified }: { emailVerified: boolean }) {
  const texts = RECEIPT_MAILS_TEXTS;
  const preferences = useMailPreferences();
  const mutation = useUpdateMailPreferences();
  const saved = preferences.data?.receipt_mails;
  // While a change is on its way the switch shows where it is going.
  const checked = mutation.isPending ? mutation.variables.receipt_mails : saved;

  return (
    <section aria-labelledby="receipt-mails-heading" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="receipt-mails-heading" className="font-semibold text-slate-900">
        {texts.heading}
      </h2>
      <div className="mt-3 space-y-3">
        {preferences.isPending ? (
          <Spinner label={texts.loading} />
        ) : preferences.isError || checked === undefined ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
            <span>{texts.error}</span>
            <Button variant="secondary" size="sm" onClick={() => void preferences.refetch()}>
              {texts.retry}
            </Button>
          </div>
        ) : (
          <SwitchField
            label={texts.label}
            hint={checked ? texts.on : texts.off}
            checked={checked}
            disabled={mutation.isPending}
            onCheckedChange={(on) =>
              mutation.mutate(
                { receipt_mails: on },
                {
                  onSuccess: (result) => notifySuccess(result.message),
                  onError: (error) => notifyError(error.message),
                },
              )
            }
          />
        )}
        <ul className="space-y-2 text-sm text-slate-700">
          <li>
            <span className="font-semibold text-slate-900">{texts.optionalTitle}</span> {texts.optional}
          </li>
          <li>
            <span className="font-semibold text-slate-900">{texts.alwaysTitle}</span> {texts.always}
          </li>
        </ul>
        {!emailVerified && <p className="text-sm text-amber-900">{texts.unverified}</p>}
      </div>
    </section>
  );
}
