import type { Location, LocationProduct } from '@ruwa/contract';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PurchaseForm, type PaymentOptions } from './purchase-form';
import { isSubscriptionPrefill, type PurchasePrefill } from './purchase-prefill';

type PurchaseTabsProps = {
  product: LocationProduct;
  locationId: number;
  location?: Location;
  quantityLabel: string;
  quantityUnit?: string;
  payment?: PaymentOptions;
  prefill?: PurchasePrefill | null;
};

/** Buy once, or subscribe to regular deliveries of the same thing. */
export function PurchaseTabs({ prefill, ...form }: PurchaseTabsProps) {
  return (
    <Tabs defaultValue={isSubscriptionPrefill(prefill) ? 'subscribe' : 'buy'}>
      <TabsList>
        <TabsTrigger value="buy">Buy</TabsTrigger>
        <TabsTrigger value="subscribe">Subscribe</TabsTrigger>
      </TabsList>
      {/* Both stay mounted so what was typed in one survives a look at the other. */}
      <TabsContent value="buy" forceMount className="data-[state=inactive]:hidden">
        <PurchaseForm {...form} mode="buy" prefill={prefill} />
      </TabsContent>
      <TabsContent value="subscribe" forceMount className="data-[state=inactive]:hidden">
        <PurchaseForm {...form} mode="subscribe" prefill={prefill} />
      </TabsContent>
    </Tabs>
  );
}
