import type { Location, LocationProduct } from '@ruwa/contract';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BackLink } from './back-link';
import { ProductSummary } from './product-summary';
import { PurchaseForm, type PaymentOptions } from './purchase-form';

type WaterDetailProps = {
  product: LocationProduct;
  locationId: number;
  /** The area's delivery terms; unknown while the locations load. */
  location?: Location;
  backHref: string;
  /** The payment flow; without it the pay button waits ('Payment opens soon'). */
  payment?: PaymentOptions;
};

/** Buy once, or subscribe to regular deliveries. */
export function WaterDetail({ product, locationId, location, backHref, payment }: WaterDetailProps) {
  return (
    <div className="space-y-5">
      <BackLink href={backHref} />
      <ProductSummary product={product} />
      <Tabs defaultValue="buy">
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
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
