import type { LocationProduct } from '@ruwa/contract';
import { BackLink } from './back-link';
import { ProductSummary } from './product-summary';
import { PurchaseForm, type PaymentOptions } from './purchase-form';

type GasDetailProps = {
  product: LocationProduct;
  locationId: number;
  backHref: string;
  /** The payment flow; without it the pay button waits ('Payment opens soon'). */
  payment?: PaymentOptions;
};

/** The cylinder refill is priced per kilogram. */
export function GasDetail({ product, locationId, backHref, payment }: GasDetailProps) {
  return (
    <div className="space-y-5">
      <BackLink href={backHref} />
      <ProductSummary product={product} unit="per kg" />
      <PurchaseForm
        product={product}
        locationId={locationId}
        mode="buy"
        quantityLabel="Quantity (KG)"
        quantityUnit=" kg"
        payment={payment}
      />
    </div>
  );
}
