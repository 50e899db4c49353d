import type { Location, LocationProduct } from '@ruwa/contract';
import { BackLink } from './back-link';
import { ProductSummary } from './product-summary';
import type { PaymentOptions } from './purchase-form';
import type { PurchasePrefill } from './purchase-prefill';
import { PurchaseTabs } from './purchase-tabs';

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
      <PurchaseTabs
        product={product}
        locationId={locationId}
        location={location}
        quantityLabel="Quantity"
        payment={payment}
        prefill={prefill}
      />
    </div>
  );
}
