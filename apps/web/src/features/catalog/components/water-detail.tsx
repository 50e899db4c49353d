import type { Location, LocationProduct } from '@ruwa/contract';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BackLink } from './back-link';
import { ProductSummary } from './product-summary';
import { PurchaseForm, type PaymentOptions } from './purchase-form';
import { isSubscriptionPrefill, type PurchasePrefill } from './purchase-prefill';

type WaterDetailProps = {
  product: LocationProduct;
  locationId: number;
  /** The area's delivery terms; unknown while the locations load. */
  location?: Location;
  backHref: string;
  /** The payment flow; without it the pay button waits ('Payment opens soon'). */
  payment?: PaymentOptions;
  /** The form as it was (and its tab), on "Try again" after the card popup was closed. */
  prefill?: PurchasePrefill | null;
};

/** Buy once, or subscribe to regular deliveries. */
export function WaterDetail({ product, locationId, location, backHref, payment, prefill }: WaterDetailProps) {
  return (
    <div className="space-y-5">
      <BackLink href={backHref} />
      <ProductSummary product={product} />
      <Tabs defaultValue={isSubscriptionPrefill(prefill) ? 'subscribe' : 'buy'}>
        <TabsList>
          <TabsTrigger value="buy">Buy</TabsTrigger>
          <TabsTrigger value="subscribe">Subscribe</TabsTrigger>
        </TabsList>
        {/* Both stay mounted so what was typed in one survives a look at the other. */}
        <TabsContent value="buy" forceMount className="data-[state=inactive]:hidden">
          <PurchaseForm
            product={product}
            locationId={locationId}
            location={location}
            mode="buy"
            quantityLabel="Quantity"
            payment={payment}
            prefill={prefill}
          />
        </TabsContent>
        <TabsContent value="subscribe" forceMount className="data-[state=inactive]:hidden">
          <PurchaseForm
            product={product}
            locationId={locationId}
            location={location}
            mode="subscribe"
            quantityLabel="Quantity"
            payment={payment}
            prefill={prefill}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
