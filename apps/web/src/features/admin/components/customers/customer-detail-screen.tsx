import type { ReactNode } from 'react';
import { formatNaira, toLocalPhone } from '@ruwa/contract';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { useCustomer } from '../../api/get-customer';
import { FormHeader, MissingRecord } from '../catalog/admin-page-header';
import { CustomerActions } from './customer-actions';
import { CustomerActivityTabs } from './customer-activity-tabs';
import { CustomerStatusBadge } from './customer-status-badge';
import { WalletAdjustmentDialog } from './wallet-adjustment-dialog';
import { formatDate } from '../../utils/format-date';

type CustomerDetailScreenProps = {
  /** From ?id= in the address; null when it is missing or not a number. */
  id: number | null;
  /** The list the admin came from (keeps its search and page). */
  backHref: string;
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Whether the customer proved the address or number (an unverified phone cannot withdraw or earn rewards). */
function Verified({ verified }: { verified: boolean }) {
  return (
    <span className={verified ? 'text-sm text-emerald-800' : 'text-sm text-amber-900'}>
      {verified ? '(verified)' : '(not verified)'}
    </span>
  );
}

/** One customer: profile, wallet, account actions and their activity in tabs. */
export function CustomerDetailScreen({ id, backHref }: CustomerDetailScreenProps) {
  if (id === null) {
    return <MissingRecord message="No customer was chosen." backHref={backHref} backLabel="Back to customers" />;
  }
  return <CustomerDetail id={id} backHref={backHref} />;
}

function CustomerDetail({ id, backHref }: { id: number; backHref: string }) {
  const { data, isPending, error } = useCustomer(id);

  if (isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <p className="sr-only">Loading the customer</p>
        <Skeleton className="h-10 w-64" />
        <div className="grid gap-4 lg:grid-cols-3">
          <Skeleton className="h-48 lg:col-span-2" />
          <Skeleton className="h-48" />
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (!data) {
    const message =
      isApiError(error) && error.status === 404 ? 'This customer does not exist.' : 'The customer could not be loaded.';
    return <MissingRecord message={message} backHref={backHref} backLabel="Back to customers" />;
  }

  const { user, wallet } = data;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <div className="space-y-6">
      <FormHeader title={name} backHref={backHref} backLabel="Back to customers" />

      <div className="grid gap-4 lg:grid-cols-3">
        <section
          aria-labelledby="profile-heading"
          className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200 lg:col-span-2"
        >
          <div className="flex items-center gap-4">
            <Avatar src={user.picture} firstName={user.first_name} lastName={user.last_name} />
            <div className="min-w-0">
              <h2 id="profile-heading" className="font-semibold text-slate-900">
                Profile
              </h2>
              <CustomerStatusBadge status={user.status} />
            </div>
          </div>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label="Email">
              <span>{user.email}</span> <Verified verified={user.email_verified} />
            </Field>
            <Field label="Phone">
              <span>{toLocalPhone(user.phone_number)}</span> <Verified verified={user.phone_verified} />
            </Field>
            <Field label="Role">{user.role}</Field>
            <Field label="Referral code">{user.referral_code}</Field>
            <Field label="Joined">{formatDate(user.created_at)}</Field>
            <Field label="Referral rewards">{formatNaira(user.referral_rewards)}</Field>
          </dl>
          <CustomerActions customer={user} />
        </section>

        <section aria-labelledby="wallet-heading" className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="wallet-heading" className="font-semibold text-slate-900">
            Wallet
          </h2>
          <dl className="grid gap-4">
            <Field label="Balance">
              <span className="text-2xl font-bold tabular-nums">{formatNaira(wallet.balance)}</span>
            </Field>
            <Field label="Savings">{formatNaira(wallet.savings)}</Field>
            <Field label="Bank accounts">
              {wallet.bank_details.length === 0 ? (
                'None saved'
              ) : (
                <ul className="space-y-1">
                  {wallet.bank_details.map((bank) => (
                    <li key={bank.id}>
                      {bank.bank_name} · {bank.account_number}
                    </li>
                  ))}
                </ul>
              )}
            </Field>
          </dl>
          {user.role !== 'admin' && <WalletAdjustmentDialog customerId={user.id} name={name} />}
        </section>
      </div>

      <section aria-labelledby="activity-heading" className="space-y-3">
        <h2 id="activity-heading" className="text-lg font-semibold text-slate-900">
          Activity
        </h2>
        <CustomerActivityTabs detail={data} />
      </section>
    </div>
  );
}
