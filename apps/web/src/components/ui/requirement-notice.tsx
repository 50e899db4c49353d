import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';

type RequirementNoticeProps = {
  /** What is needed and for what, e.g. "Verify your phone number to withdraw". */
  message: string;
  /** The way to meet it. */
  action: { label: string; href: string };
};

/** A requirement said where it applies, with a link to meet it (e.g. a verified phone number). */
export function RequirementNotice({ message, action }: RequirementNoticeProps) {
  return (
    <div role="note" className="flex gap-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold">{message}</p>
        <Link to={action.href} className="font-semibold text-brand-800 underline underline-offset-4">
          {action.label}
        </Link>
      </div>
    </div>
  );
}
