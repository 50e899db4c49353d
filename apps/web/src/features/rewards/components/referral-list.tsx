import { formatNaira } from '@ruwa/contract/money';
import { useReferralRewards } from '../api/get-referral-rewards';
import type { ReferralReward } from '@ruwa/contract/replies';
import { formatTimestampDay } from '../utils/format';
import { PagedList } from './paged-list';

function ReferralRow({ reward }: { reward: ReferralReward }) {
  return (
    <>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{reward.title}</p>
        <p className="text-sm text-slate-700">{reward.description}</p>
        <p className="text-xs text-slate-600">
          <span className="capitalize">{reward.type}</span> ·{' '}
          <time dateTime={reward.created_at}>{formatTimestampDay(reward.created_at)}</time>
        </p>
      </div>
      <p className="shrink-0 font-semibold text-green-700 tabular-nums">+{formatNaira(reward.amount)}</p>
    </>
  );
}

export function ReferralList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const rewards = useReferralRewards(page);
  return (
    <PagedList
      label="Referral rewards"
      query={rewards}
      onPageChange={onPageChange}
      rowKey={(reward) => reward.id}
      renderRow={(reward) => <ReferralRow reward={reward} />}
    />
  );
}
