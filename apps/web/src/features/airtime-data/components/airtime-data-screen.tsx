import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ConfirmingPayment, UnconfirmedPaymentNotice } from '@/components/ui/confirming-payment';
import { useResumePaidPurchase } from '../hooks/use-vtu-checkout';
import { AirtimeForm, type PurchaseHandlers } from './airtime-form';
import { DataForm } from './data-form';
import { PromoBanner } from './promo-banner';

export type AirtimeDataTab = 'airtime' | 'data';

export function isAirtimeDataTab(value: unknown): value is AirtimeDataTab {
  return value === 'airtime' || value === 'data';
}

type AirtimeDataScreenProps = PurchaseHandlers & {
  tab: AirtimeDataTab;
  onTabChange: (tab: AirtimeDataTab) => void;
};

/** /airtime-data: the promo banner, then the Airtime and Data tabs. */
export function AirtimeDataScreen({ tab, onTabChange, ...handlers }: AirtimeDataScreenProps) {
  const resumed = useResumePaidPurchase(handlers.onPaid);
  if (resumed.confirming) return <ConfirmingPayment />;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Airtime and Data</h1>
      <UnconfirmedPaymentNotice message={resumed.failed} />
      <PromoBanner />
      <Tabs value={tab} onValueChange={(value) => isAirtimeDataTab(value) && onTabChange(value)}>
        <TabsList aria-label="What to buy">
          <TabsTrigger value="airtime">Airtime</TabsTrigger>
          <TabsTrigger value="data">Data</TabsTrigger>
        </TabsList>
        {/* Both forms stay mounted (hidden when not chosen), so a tab switch keeps what was typed. */}
        <TabsContent value="airtime" forceMount hidden={tab !== 'airtime'}>
          <AirtimeForm {...handlers} />
        </TabsContent>
        <TabsContent value="data" forceMount hidden={tab !== 'data'}>
          <DataForm {...handlers} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
