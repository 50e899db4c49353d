import { useNavigate } from 'react-router';
import { AgentEntry } from '@/features/agent/components/agent-entry';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { ProfileOrders } from '@/features/orders/components/profile-orders';
import { PurchaseList } from '@/features/airtime-data/components/purchase-list';
import { ProfileView } from '@/features/profile/components/profile-view';
import { ReportProblem } from '@/features/support/components/report-problem';
import { purchaseReference } from '@ruwa/contract';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { paths } from '../../paths';

export function ProfileRoute() {
  const navigate = useNavigate();
  const { user } = useSession();
  // A token without a stored user is being refreshed from GET users/me.
  if (!user) return <PageSpinner label="Loading your profile" />;

  const inviteUrl = new URL(paths.auth.register.getHref(user.referral_code), window.location.origin).href;
  return (
    <ProfileView
      user={user}
      updateHref={paths.app.profileUpdate.getHref()}
      passwordHref={paths.app.profilePassword.getHref()}
      addressesHref={paths.app.profileAddresses.getHref()}
      verifyPhoneHref={paths.app.verifyPhone.getHref()}
      helpHref={paths.app.help.getHref()}
      inviteUrl={inviteUrl}
      orders={
        <ProfileOrders
          orderHref={(id) => paths.app.profileOrder.getHref(id)}
          receiptHref={paths.app.receipt.getHref}
          moreOrders={<PurchaseList purchaseHref={(id) => paths.app.transactionPurchase.getHref(id)} />}
          subscriptionExtra={(subscription) => (
            <ReportProblem
              reference={purchaseReference('subscription', subscription.id)}
              helpHref={paths.app.help.getHref()}
            />
          )}
        />
      }
      agentEntry={
        <AgentEntry
          agent={user.agent}
          dashboardHref={paths.agent.dashboard.getHref()}
          applyHref={paths.app.agentApply.getHref()}
          helpHref={paths.app.help.getHref()}
        />
      }
      actions={<LogoutButton onLoggedOut={() => navigate(paths.auth.login.getHref(), { replace: true })} />}
    />
  );
}
