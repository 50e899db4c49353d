import { useState } from 'react';
import { Gift } from 'lucide-react';
import { formatNaira } from '@ruwa/contract/money';
import { RequirementNotice } from '@/components/ui/requirement-notice';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useReferralTotal } from '../api/get-referral-total';
import { ReferralList } from './referral-list';
import { TicketList } from './ticket-list';
import { BackLink } from '@/components/ui/back-link';

type RewardsTab = 'referrals' | 'tickets';

function ReferralTotal() {
  const total = useReferralTotal();
  return (
    <section
      aria-labelledby="referral-total-heading"
      className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-5 text-white"
    >
      <div className="flex items-center gap-2">
        <Gift className="size-5" aria-hidden="true" />
        <h2 id="referral-total-heading" className="text-sm font-medium text-white/90">
          Referral rewards
        </h2>
      </div>
      {total.isPending ? (
        <Skeleton className="mt-2 h-9 w-32" tone="on-brand" />
      ) : (
        <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="referral-total">
          {total.isError ? '—' : formatNaira(total.data)}
        </p>
      )}
      <p className="mt-2 text-sm text-white/90">Earn a bonus when people you refer recharge their phones.</p>
    </section>
  );
}

type RewardsScreenProps = {
  backHref: string;
  /** The screen that verifies the phone number (rewards need a verified one). */
  verifyPhoneHref: string;
};

/**
 * The referral total, and tabs 'Referrals' and 'Raffle Tickets', each
 * paginated. Each tab starts on page 1 when the screen opens and keeps its page while the other is shown.
 */
export function RewardsScreen({ backHref, verifyPhoneHref }: RewardsScreenProps) {
  const phoneVerified = useSession().user?.phone_verified !== false;
  const [tab, setTab] = useState<RewardsTab>('referrals');
  const [pages, setPages] = useState<Record<RewardsTab, number>>({ referrals: 1, tickets: 1 });
  const goTo = (which: RewardsTab) => (page: number) => setPages((current) => ({ ...current, [which]: page }));

  return (
    <div className="space-y-5">
      <div className="flex items-center gap-2">
        <BackLink to={backHref} label="Back to wallet" />
        <h1 className="text-xl font-bold text-slate-900">Rewards</h1>
      </div>
      {!phoneVerified && (
        <RequirementNotice
          message="Verify your phone number to earn referral rewards and raffle tickets"
          action={{ label: 'Verify phone number', href: verifyPhoneHref }}
        />
      )}
      <ReferralTotal />
      <Tabs value={tab} onValueChange={(value) => setTab(value as RewardsTab)}>
        <TabsList>
          <TabsTrigger value="referrals">Referrals</TabsTrigger>
          <TabsTrigger value="tickets">Raffle Tickets</TabsTrigger>
        </TabsList>
        <TabsContent value="referrals">
          <ReferralList page={pages.referrals} onPageChange={goTo('referrals')} />
        </TabsContent>
        <TabsContent value="tickets">
          <TicketList page={pages.tickets} onPageChange={goTo('tickets')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
