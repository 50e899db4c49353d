import { useLocation, useNavigate } from 'react-router';
import { AgentApplyScreen } from '@/features/agent/components/agent-apply-screen';
import { AgentEntry } from '@/features/agent/components/agent-entry';
import { useSession } from '@/lib/session';
import { paths } from '../../paths';

export function AgentApplyRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  // After applying, back one step; opened directly (no history in the app), to the profile.
  const goBack = () =>
    void (location.key === 'default' ? navigate(paths.app.profile.getHref(), { replace: true }) : navigate(-1));

  return (
    <AgentApplyScreen
      backHref={paths.app.profile.getHref()}
      defaultEmail={user?.email}
      alreadyApplied={
        user?.agent ? (
          <AgentEntry
            agent={user.agent}
            dashboardHref={paths.agent.dashboard.getHref()}
            applyHref={paths.app.agentApply.getHref()}
          />
        ) : undefined
      }
      onApplied={goBack}
    />
  );
}
