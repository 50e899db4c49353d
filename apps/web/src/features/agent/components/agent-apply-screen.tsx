import type { ReactNode } from 'react';
import { notifySuccess } from '@/lib/notify';
import { AgentApplyForm } from './agent-apply-form';
import { AgentPromoCarousel } from './agent-promo-carousel';
import { BackLink } from '@/components/ui/back-link';

type AgentApplyScreenProps = {
  backHref: string;
  defaultEmail?: string;
  /** Shown instead of the form when the user has already applied (their status, or the dashboard link). */
  alreadyApplied?: ReactNode;
  /** Runs after the application is stored (the app goes back). */
  onApplied: () => void;
};

/** /agent-apply: the agent application. */
export function AgentApplyScreen({ backHref, defaultEmail, alreadyApplied, onApplied }: AgentApplyScreenProps) {
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-2">
        <BackLink to={backHref} label="Back to profile" />
        <h1 className="text-xl font-bold text-slate-900">Become an agent</h1>
      </div>
      <AgentPromoCarousel />
      {alreadyApplied ?? (
        <>
          <p className="text-sm text-slate-700">
            Tell us about your business. We review every application and let you know the decision.
          </p>
          <AgentApplyForm
            defaultEmail={defaultEmail}
            onSuccess={(result) => {
              notifySuccess(result.message || 'Registration Successful');
              onApplied();
            }}
          />
        </>
      )}
    </div>
  );
}
