import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMyAgent } from '../api/get-my-agent';
import { BusinessProfileForm } from './business-profile-form';
import { ComplianceForm } from './compliance-form';
import { LoadError } from './load-error';
import { SellingSettingsForm } from './selling-settings-form';

/** Profile, 'Settings' and 'Compliance' tabs, each with its Save; `alerts` goes on the Settings tab. */
export function SettingsScreen({ alerts }: { alerts?: ReactNode } = {}) {
  const agent = useMyAgent();
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      {agent.isPending ? (
        <div role="status" className="space-y-3">
          <Skeleton className="h-12" />
          <Skeleton className="h-64" />
          <span className="sr-only">Loading your settings</span>
        </div>
      ) : agent.isError ? (
        <LoadError message={agent.error.message} onRetry={() => void agent.refetch()} />
      ) : (
        <Tabs defaultValue="profile">
          <TabsList aria-label="Agent settings">
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="settings">Settings</TabsTrigger>
            <TabsTrigger value="compliance">Compliance</TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <BusinessProfileForm agent={agent.data} />
          </TabsContent>
          <TabsContent value="settings">
            <div className="space-y-5">
              {alerts}
              <SellingSettingsForm agent={agent.data} />
            </div>
          </TabsContent>
          <TabsContent value="compliance">
            <ComplianceForm agent={agent.data} />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
