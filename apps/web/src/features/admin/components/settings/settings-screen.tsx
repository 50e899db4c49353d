import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSettings } from '../../api/settings/get-settings';
import { SettingsForm } from './settings-form';
import { TwoFactorCard } from './two-factor-card';

/** /admin/setting: the referral, raffle and agent commission rules, and this admin's two-factor sign-in. */
export function SettingsScreen() {
  const settings = useSettings();
  let body;
  if (settings.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading settings" className="max-w-2xl space-y-4">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  } else if (settings.isError) {
    body = (
      <div role="alert" className="max-w-2xl space-y-3 rounded-xl bg-white p-6 ring-1 ring-slate-200">
        <p className="text-slate-800">We could not load the settings.</p>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = <SettingsForm settings={settings.data} />;
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      {body}
      <TwoFactorCard />
    </div>
  );
}
