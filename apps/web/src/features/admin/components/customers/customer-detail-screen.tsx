import { formatNaira, toLocalPhone } from '@ruwa/contract';
import type { CustomerDetail } from '@ruwa/contract/replies';
import { Avatar } from '@/components/ui/avatar';
import { useCustomer } from '../../api/get-customer';
import { DetailField, RecordDetail } from '../catalog/admin-page-header';
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
  return (
    <RecordDetail
      id={id}
      noun="customer"
      backHref={backHref}
      backLabel="Back to customers"
      useRecord={useCustomer}
      title={({ user }) => `${user.first_name} ${user.last_name}`}
      tallSkeleton
    >
      {(data) => <CustomerDetailContent data={data} />}
    </RecordDetail>
  );
}

function CustomerDetailContent({ data }: { data: CustomerDetail }) {
  const { user, wallet } = data;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <>
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
            <DetailField label="Email">
              <span>{user.email}</span> <Verified verified={user.email_verified} />
            </DetailField>
            <DetailField label="Phone">
              <span>{toLocalPhone(user.phone_number)}</span> <Verified verified={user.phone_verified} />
            </DetailField>
            <DetailField label="Role">{user.role}</DetailField>
            <DetailField label="Referral code">{user.referral_code}</DetailField>
            <DetailField label="Joined">{formatDate(user.created_at)}</DetailField>
            <DetailField label="Referral rewards">{formatNaira(user.referral_rewards)}</DetailField>
          </dl>
          <CustomerActions customer={user} />
        </section>

        <section aria-labelledby="wallet-heading" className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="wallet-heading" className="font-semibold text-slate-900">
            Wallet
          </h2>
          <dl className="grid gap-4">
            <DetailField label="Balance">
              <span className="text-2xl font-bold tabular-nums">{formatNaira(wallet.balance)}</span>
            </DetailField>
            <DetailField label="Savings">{formatNaira(wallet.savings)}</DetailField>
            <DetailField label="Bank accounts">
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
            </DetailField>
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
    </>
  );
}
